@_exported import BedHarness
import Foundation
import Glibc

/// One compositor of the bed running headless in the chroot, as its unprivileged user, in network
/// and process namespaces of its own, with a fresh runtime folder and HOME (KWin keeps output
/// settings there); the ticker started against it, its `ctl status`, the pixels it shows, and the
/// area it leaves to windows. Stopped (with all it started), and its folder removed, when the
/// test lets it go.
final class ChrootCompositor {
    let kind: BedCompositor
    private let server: BedServer
    private var session: BedSession { server.session }
    /// Its XDG_RUNTIME_DIR inside the chroot; `hostRuntimeDirectory` is the same folder on the host.
    var runtimeDirectory: String { server.runtimeDirectory }
    var hostRuntimeDirectory: String { server.hostRuntimeDirectory }
    /// The Wayland socket's name in the runtime folder.
    var waylandDisplay: String { server.waylandDisplay }
    private var captures = 0

    /// Why the bed's compositors cannot run here; nil when they can.
    static var unavailable: String? { CompositorBed.unavailable }

    /// Starts `kind` with one output of `width` × `height` device pixels at `scale` (sway: its
    /// config; KWin: kscreen-doctor, as `--scale` no longer makes a HiDPI output; the others 1).
    /// `nestedRefresh`: KWin's Xvfb's fake vblank (`BedServer`).
    init(_ kind: BedCompositor, width: Int = 1280, height: Int = 720, scale: Double = 1, nestedRefresh: Int? = nil) throws {
        self.kind = kind
        guard scale == 1 || [.sway, .kwin].contains(kind) else { throw HarnessError("\(kind.rawValue): the bed sets no scale but 1") }
        server = try BedServer(kind, width: width, height: height, scale: kind == .sway ? scale : 1, nestedRefresh: nestedRefresh,
                               ticker: CompositorBed.ticker,
                               prepare: { server in
                                   try server.write(Self.shellScript, "shell.py")
                                   try server.write(Self.screencastScript, "screencast.py")
                               }, ready: Self.isReady)
        do {
            if kind == .kwin && scale != 1 { try setKWinScale(scale) }
        } catch {
            server.stop()
            throw error
        }
    }

    func stop() { server.stop() }

    /// The bed's server itself (a link to the X server KWin is nested on).
    var bedServer: BedServer { server }

    /// The compositor's Debian version (`dpkg-query` in the chroot).
    var version: String { server.version }

    // MARK: The ticker

    /// Starts the bed's `xmarquee ARGUMENTS` against it; stopped with the compositor, or before.
    @discardableResult
    func startTicker(_ arguments: [String], environment: [String: String] = [:]) throws -> BedProcess {
        try server.startTicker(arguments, environment: environment)
    }

    /// The end of the tickers' output, for a failure's message.
    var tickerOutput: String { session.tickerOutput }

    /// `xmarquee ctl --name NAME status`, asked in the bed as the ticker's own user (a control
    /// socket answers no other uid, and the client speaks to no other uid's socket); nil while
    /// nothing answers.
    func status(_ name: String) -> [String: Any]? {
        guard let output = try? session.run([CompositorBed.ticker, "ctl", "--name", name, "status"], "ctl status"),
              let json = output.split(separator: "\n").last(where: { $0.hasPrefix("{") }) else { return nil }
        return (try? JSONSerialization.jsonObject(with: Data(json.utf8))) as? [String: Any]
    }

    // MARK: What it shows

    /// The whole screen now, at device pixels.
    func screenshot() throws -> Screenshot {
        captures += 1
        let file = runtimeDirectory + "/capture-\(captures)"
        switch kind {
        case .sway, .labwc:
            try runInside(["grim", "-t", "ppm", file + ".ppm"], "grim")
            return try Screenshot.read(CompositorBed.root + file + ".ppm")
        case .kwin:
            guard let process = session.server else { throw HarnessError("KWin is stopped") }
            return try Screenshot.ofX11Root(joining: process, display: ":" + server.nestedX11DisplayNumber(), file: file)
        case .gnomeShell:
            try runInside(["python3", runtimeDirectory + "/shell.py", runtimeDirectory + "/bus-address", "screenshot", file + ".png"],
                          "the shell's Screenshot")
            return try Screenshot.read(CompositorBed.root + file + ".png")
        case .weston:
            // weston-screenshooter writes wayland-screenshot-DATE.png into its working folder.
            let folder = file + ".d"
            try FileManager.default.createDirectory(atPath: CompositorBed.root + folder, withIntermediateDirectories: false)
            chown(CompositorBed.root + folder, CompositorBed.ids.uid, CompositorBed.ids.gid)
            try runInside(["weston-screenshooter"], "weston-screenshooter", folder: folder)
            let written = try FileManager.default.contentsOfDirectory(atPath: CompositorBed.root + folder).filter { $0.hasSuffix(".png") }
            guard let name = written.first else { throw HarnessError("weston-screenshooter wrote no picture") }
            return try Screenshot.read(CompositorBed.root + folder + "/" + name)
        case .mutter:
            return try Self.screencastFrame(of: server, file: file)
        }
    }

    /// One frame of mutter's screencast; `file` a path inside the chroot, without its extension.
    private static func screencastFrame(of server: BedServer, file: String) throws -> Screenshot {
        try server.run(["python3", server.runtimeDirectory + "/screencast.py", server.runtimeDirectory + "/bus-address", file + ".png"],
                       "mutter's screencast")
        return try Screenshot.read(CompositorBed.root + file + ".png")
    }

    /// The area a maximised window gets (logical x, y, width, height): the output less what
    /// layer-shell surfaces reserve. nil where the compositor tells nobody (labwc, weston, mutter).
    func maximizeArea() throws -> [Int]? {
        switch kind {
        case .sway:
            let reply = try runInside(["swaymsg", "-s", runtimeDirectory + "/sway.sock", "-r", "-t", "get_workspaces"], "swaymsg")
            let workspaces = try JSONSerialization.jsonObject(with: Data(reply.utf8)) as? [[String: Any]]
            guard let rect = workspaces?.first?["rect"] as? [String: Int] else { throw HarnessError("swaymsg: no workspace: \(reply)") }
            return [rect["x"], rect["y"], rect["width"], rect["height"]].compactMap { $0 }
        case .kwin:
            return try kwinMaximizeArea()
        case .labwc, .gnomeShell, .mutter, .weston:
            return nil
        }
    }

    // MARK: Starting

    /// What the tests need beyond the compositor's own signs (nil once it holds): mutter's
    /// screencast answering (wireplumber has linked the stream), the shell out of its overview,
    /// which hides windows.
    private static func isReady(_ server: BedServer) -> String? {
        switch server.kind {
        case .mutter:
            do { _ = try screencastFrame(of: server, file: server.runtimeDirectory + "/ready-check") } catch { return "\(error)" }
            return nil
        case .gnomeShell:
            let left = try? server.run(["python3", server.runtimeDirectory + "/shell.py", server.runtimeDirectory + "/bus-address",
                                        "leave-overview"], "the shell")
            return left == nil ? "the shell stays in its overview" : nil
        case .sway, .labwc, .kwin, .weston:
            return nil
        }
    }

    /// Runs `command` as a client (in the compositor's network namespace) to its end; its output.
    @discardableResult
    private func runInside(_ command: [String], _ what: String, environment: [String: String] = [:], folder: String? = nil) throws -> String {
        try server.run(command, what, environment: environment, folder: folder)
    }

    private func write(_ text: String, _ name: String) throws { try server.write(text, name) }

    // MARK: KWin

    /// KWin 6's output at `scale` (its only output, `X11-0` nested), set with kscreen-doctor as a
    /// user's display settings would.
    private func setKWinScale(_ scale: Double) throws {
        // In-process: without it libkscreen asks a backend launcher over D-Bus, which the bed lacks.
        let kscreen = ["QT_QPA_PLATFORM": "wayland", "KSCREEN_BACKEND_INPROCESS": "1"]
        try runInside(["kscreen-doctor", "output.X11-0.scale.\(scale)"], "kscreen-doctor", environment: kscreen)
        let scaled = waitFor(seconds: 5) {
            let outputs = (try? self.runInside(["kscreen-doctor", "-o"], "kscreen-doctor", environment: kscreen)) ?? ""
            let plain = outputs.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
            return plain.contains("Scale: \(scale)")
        }
        guard scaled else { throw HarnessError("KWin's output did not take scale \(scale)") }
    }

    /// Asked with a KWin script (loaded and started through org.kde.kwin.Scripting), whose print()
    /// lands in KWin's log.
    private func kwinMaximizeArea() throws -> [Int] {
        let marker = "xmarquee-area-\(UUID().uuidString.prefix(8))"
        try write("""
        var output = workspace.activeScreen;
        var area = workspace.clientArea(KWin.MaximizeArea, output, workspace.currentDesktop);
        print("\(marker) " + area.x + " " + area.y + " " + area.width + " " + area.height);
        """, marker + ".js")
        try write("""
        import dbus, sys
        bus = dbus.bus.BusConnection(open(sys.argv[1]).read().strip())
        scripting = dbus.Interface(bus.get_object('org.kde.KWin', '/Scripting'), 'org.kde.kwin.Scripting')
        scripting.loadScript(sys.argv[2], signature='s')
        scripting.start()
        """, "kwin-script.py")
        try runInside(["python3", runtimeDirectory + "/kwin-script.py", runtimeDirectory + "/bus-address",
                       runtimeDirectory + "/\(marker).js"], "KWin's scripting")
        var area: [Int] = []
        waitFor(seconds: 5) {
            guard let line = self.session.server?.output(last: 20000).split(separator: "\n").last(where: { $0.contains(marker + " ") }) else {
                return false
            }
            // Logical pixels: fractions at a fractional scale (853.33 at 1.5).
            area = line.split(separator: " ").suffix(4).compactMap { Double($0).map { Int($0.rounded()) } }
            return area.count == 4
        }
        guard area.count == 4 else { throw HarnessError("KWin's script printed no area: \(session.server?.output() ?? "")") }
        return area
    }

    // MARK: mutter and gnome-shell

    /// One frame of mutter's screencast of its monitor (org.gnome.Mutter.ScreenCast: a session
    /// recording the monitor, its PipeWire node taken by gst-launch as a PNG), the cursor left out.
    private static let screencastScript = """
    import dbus, subprocess, sys
    from dbus.mainloop.glib import DBusGMainLoop
    from gi.repository import GLib
    DBusGMainLoop(set_as_default=True)
    bus = dbus.bus.BusConnection(open(sys.argv[1]).read().strip())
    name = 'org.gnome.Mutter.ScreenCast'
    cast = dbus.Interface(bus.get_object(name, '/org/gnome/Mutter/ScreenCast'), name)
    session = dbus.Interface(bus.get_object(name, cast.CreateSession(dbus.Dictionary({}, signature='sv'))), name + '.Session')
    try:
        stream = bus.get_object(name, session.RecordMonitor('', dbus.Dictionary({'cursor-mode': dbus.UInt32(0)}, signature='sv')))
        loop, nodes = GLib.MainLoop(), []
        def added(node):
            nodes.append(int(node))
            loop.quit()
        stream.connect_to_signal('PipeWireStreamAdded', added, dbus_interface=name + '.Stream')
        session.Start()
        GLib.timeout_add(3000, loop.quit)
        loop.run()
        if not nodes: sys.exit('no PipeWire stream')
        sys.exit(subprocess.run(['gst-launch-1.0', '-q', 'pipewiresrc', 'path=%d' % nodes[0], 'num-buffers=1', '!', 'videoconvert', '!',
                                 'pngenc', 'snapshot=false', '!', 'filesink', 'location=' + sys.argv[2]], timeout=5).returncode)
    finally:
        session.Stop()
    """


    /// Talks to the shell on its session bus: `leave-overview`, `screenshot FILE` (out of the
    /// overview, which shows windows as small previews). Its Screenshot
    /// answers only callers that own a name it lists (gnome-settings-daemon's media keys, the
    /// portal): the script takes the first.
    private static let shellScript = """
    import dbus, sys, time
    bus = dbus.bus.BusConnection(open(sys.argv[1]).read().strip())
    shell = dbus.Interface(bus.get_object('org.gnome.Shell', '/org/gnome/Shell'), 'org.freedesktop.DBus.Properties')
    if sys.argv[2] == 'leave-overview':
        shell.Set('org.gnome.Shell', 'OverviewActive', False)
        sys.exit(1 if shell.Get('org.gnome.Shell', 'OverviewActive') else 0)
    # The shell may go (back) to its overview at the end of its start-up animation.
    if shell.Get('org.gnome.Shell', 'OverviewActive'):
        shell.Set('org.gnome.Shell', 'OverviewActive', False)
        time.sleep(1)
    bus.request_name('org.gnome.SettingsDaemon.MediaKeys')
    screenshot = dbus.Interface(bus.get_object('org.gnome.Shell.Screenshot', '/org/gnome/Shell/Screenshot'), 'org.gnome.Shell.Screenshot')
    for attempt in range(50):
        try:
            ok, written = screenshot.Screenshot(False, False, sys.argv[3])
            sys.exit(0 if ok else 1)
        except dbus.exceptions.DBusException as error:
            # The shell learns who owns the name asynchronously.
            if 'AccessDenied' not in str(error): raise
            time.sleep(0.1)
    sys.exit(1)
    """
}
