import Foundation
import Glibc

/// One compositor of the bed started headless in the chroot, as its unprivileged user, in network
/// and process namespaces of its own, with a fresh runtime folder and HOME (KWin keeps output
/// settings there), until it makes its Wayland socket and is ready; clients started against it.
/// What the tests and the bench share: the tests read its pixels (`ChrootCompositor`), the bench
/// its CPU. Stopped (with all it started), and its folder removed, when its owner lets it go.
public final class BedServer {
    /// How KWin's output is made: nested on an Xvfb of its own (QPainter; its root read with
    /// `xwd`, the tests' way to see it) or its virtual output (what a headless session runs).
    public enum KWinOutput: Sendable { case nestedOnXvfb, virtual }

    public let kind: BedCompositor
    public let session: BedSession
    /// Its XDG_RUNTIME_DIR inside the chroot; `hostRuntimeDirectory` is the same folder on the host.
    public var runtimeDirectory: String { session.runtimeDirectory }
    public var hostRuntimeDirectory: String { session.hostRuntimeDirectory }
    /// The Wayland socket's name in the runtime folder.
    public private(set) var waylandDisplay = ""

    /// Starts `kind` with one output of `width` × `height` device pixels (sway at `scale`; the
    /// others 1), its tickers running `ticker` (a path inside the chroot). `prepare` runs once the
    /// runtime folder is made and before the compositor starts (scripts its owner needs);
    /// `ready` is asked, beside the compositor's own signs, until it holds (nil) or 20 s pass
    /// (the last reason it gave, in the error).
    /// `nestedRefresh`: the fake vblank rate (Hz) of the Xvfb KWin is nested on (Xvfb's own 60
    /// when nil). KWin presents its output there every second vblank: at 120 Hz its output runs at
    /// the 60 frames a second of a monitor, at 60 Hz at 30.
    public init(_ kind: BedCompositor, width: Int, height: Int, scale: Double = 1, kwinOutput: KWinOutput = .nestedOnXvfb,
                nestedRefresh: Int? = nil, ticker: String, prepare: (BedServer) throws -> Void = { _ in }, ready: @escaping (BedServer) -> String? = { _ in nil }) throws {
        self.kind = kind
        session = try BedSession(prefix: "xm-\(kind.rawValue)", ticker: ticker)
        do {
            try prepare(self)
            try start(width: width, height: height, scale: scale, kwinOutput: kwinOutput, nestedRefresh: nestedRefresh)
            try waitUntilReady(ready)
        } catch {
            session.stop()
            throw error
        }
    }

    deinit { stop() }

    public func stop() { session.stop() }

    /// The display number of the Xvfb KWin is nested on (`nestedOnXvfb`), as it wrote it.
    public func nestedX11DisplayNumber() throws -> String {
        try String(contentsOfFile: hostRuntimeDirectory + "/x11-display", encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The compositor's Debian version.
    public var version: String { kind.version }

    /// The compositor's own process on the host (not the script or dbus-run-session before it).
    public var compositorPID: pid_t? { session.server?.descendant(named: kind.processName) }

    /// Starts the bed's `xmarquee ARGUMENTS` against it; stopped with the compositor, or before.
    @discardableResult
    public func startTicker(_ arguments: [String], environment: [String: String] = [:]) throws -> BedProcess {
        try session.startTicker(arguments, environment: ["WAYLAND_DISPLAY": waylandDisplay].merging(environment) { _, new in new })
    }

    /// Starts `command` (inside the chroot) as a client of it; stopped with the compositor, or before.
    @discardableResult
    public func startClient(_ command: [String], environment: [String: String] = [:]) throws -> BedProcess {
        try session.startClient(command, environment: ["WAYLAND_DISPLAY": waylandDisplay].merging(environment) { _, new in new })
    }

    /// Runs `command` as a client (in the compositor's network namespace) to its end; its output.
    @discardableResult
    public func run(_ command: [String], _ what: String, environment: [String: String] = [:], folder: String? = nil) throws -> String {
        try session.run(command, what, environment: ["WAYLAND_DISPLAY": waylandDisplay].merging(environment) { _, new in new }, folder: folder)
    }

    /// Writes `text` to `name` in the runtime folder, executable.
    public func write(_ text: String, _ name: String) throws {
        try text.write(toFile: hostRuntimeDirectory + "/" + name, atomically: true, encoding: .utf8)
        chmod(hostRuntimeDirectory + "/" + name, 0o755)
    }

    // MARK: Starting

    private func start(width: Int, height: Int, scale: Double, kwinOutput: KWinOutput, nestedRefresh: Int?) throws {
        let folder = runtimeDirectory, host = hostRuntimeDirectory
        var environment = ["XDG_RUNTIME_DIR": folder, "HOME": folder + "/home", "LANG": "C.UTF-8"]
        let wlroots = ["WLR_BACKENDS": "headless", "WLR_RENDERER": "pixman", "WLR_LIBINPUT_NO_DEVICES": "1"]
        var command: [String]
        switch kind {
        case .sway:
            try write("xwayland disable\noutput HEADLESS-1 mode \(width)x\(height) position 0 0 scale \(scale)\ndefault_border none\n",
                      "config")
            command = ["sway", "-c", folder + "/config"]
            environment.merge(wlroots.merging(["SWAYSOCK": folder + "/sway.sock"]) { _, new in new }) { _, new in new }
        case .labwc:
            // wlroots' headless output is 1280 × 720; labwc has no option to change it.
            command = ["labwc"]
            environment.merge(wlroots) { _, new in new }
        case .kwin:
            // The packaged binary carries file capabilities, which this container refuses; a copy
            // drops them, and Qt's platform plugin loads only into a path ending in kwin_wayland.
            try FileManager.default.copyItem(atPath: CompositorBed.root + "/usr/bin/kwin_wayland", toPath: host + "/kwin_wayland")
            let options = "--socket \(kind.socketName!) --no-lockscreen --no-global-shortcuts --width \(width) --height \(height)"
            let refresh = nestedRefresh.map { " -fakescreenfps \($0)" } ?? ""
            let launch = switch kwinOutput {
            case .nestedOnXvfb: """
                Xvfb -displayfd 3 -screen 0 \(width)x\(height)x24 -nolisten tcp\(refresh) 3> \(folder)/x11-display &
                while [ ! -s \(folder)/x11-display ]; do sleep 0.05; done
                exec \(folder)/kwin_wayland --x11-display :$(cat \(folder)/x11-display) \(options)
                """
            case .virtual: "exec \(folder)/kwin_wayland --virtual \(options)"
            }
            try write("echo \"$DBUS_SESSION_BUS_ADDRESS\" > \(folder)/bus-address\n" + launch + "\n", "start.sh")
            command = ["dbus-run-session", "--", "sh", folder + "/start.sh"]
            // QPainter: nested on an X server KWin would otherwise try OpenGL on llvmpipe, and its
            // virtual output has OpenGL only with a DRM render node (none here). A KWin script's
            // print() reaches the log (the tests' maximised area). Without its permission checks
            // KWin offers its fake input to any client: the tests press on the bar through it.
            environment.merge(["KWIN_COMPOSE": "Q", "QT_LOGGING_RULES": "js.debug=true", "KWIN_WAYLAND_NO_PERMISSION_CHECKS": "1"]) { _, new in new }
        case .gnomeShell, .mutter:
            // The bed has no system bus: the shell's calls to logind and friends go to the session
            // bus, where nobody answers them (on no bus at all it stops at start). Mutter alone is
            // read through its screencast, which streams through PipeWire (linked by wireplumber,
            // which must find PipeWire listening: started with it, in 2 of 10 starts it linked nothing).
            try write("""
            echo "$DBUS_SESSION_BUS_ADDRESS" > \(folder)/bus-address
            export DBUS_SYSTEM_BUS_ADDRESS="$DBUS_SESSION_BUS_ADDRESS"
            \(kind == .mutter ? "pipewire & while [ ! -e \(folder)/pipewire-0 ]; do sleep 0.05; done; wireplumber &" : "")
            exec \(kind == .mutter ? "mutter" : "gnome-shell") --headless --wayland --no-x11 --virtual-monitor \(width)x\(height) \
              --wayland-display \(kind.socketName!)
            """, "start.sh")
            command = ["dbus-run-session", "--", "sh", folder + "/start.sh"]
        case .weston:
            try write("[shell]\npanel-position=none\nbackground-color=0xff406080\n", "weston.ini")
            command = ["weston", "--backend=headless", "--renderer=pixman", "--debug", "--width=\(width)", "--height=\(height)",
                       "--socket=\(kind.socketName!)", "--idle-time=0", "--config=\(folder)/weston.ini"]
        }
        try session.startServer(command, environment: environment)
    }

    private func waitUntilReady(_ ready: (BedServer) -> String?) throws {
        var failure = ""
        let started = waitFor(seconds: 20) {
            guard session.server?.isRunning == true, let socket = waylandSocket() else { return false }
            waylandDisplay = socket
            let ownSigns = switch kind {
            case .sway: (try? run(["swaymsg", "-s", runtimeDirectory + "/sway.sock", "-t", "get_version"], "swaymsg")) != nil
            case .kwin: FileManager.default.fileExists(atPath: hostRuntimeDirectory + "/bus-address")
            // Its screencast works once PipeWire is up (and wireplumber, which the owner's `ready` asks).
            case .mutter: FileManager.default.fileExists(atPath: hostRuntimeDirectory + "/pipewire-0")
            case .labwc, .weston, .gnomeShell: true
            }
            guard ownSigns else { return false }
            if let reason = ready(self) {
                failure = reason
                return false
            }
            return true
        }
        guard started else { throw HarnessError("\(kind.rawValue) did not start in the bed: \(failure) \(session.server?.output() ?? "")") }
    }

    /// The compositor's Wayland socket in the runtime folder, once it is there.
    private func waylandSocket() -> String? {
        if let name = kind.socketName {
            return FileManager.default.fileExists(atPath: hostRuntimeDirectory + "/" + name) ? name : nil
        }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: hostRuntimeDirectory)) ?? []
        return names.filter { $0.hasPrefix("wayland-") && !$0.hasSuffix(".lock") }.sorted().first
    }
}
