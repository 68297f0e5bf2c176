import Foundation
import Glibc

/// KWin 5.27's virtual backend with a session bus of its own, at a chosen (fractional) output
/// scale; screenshots through its ScreenShot2 interface. It runs as root here: the packaged
/// binary's file capabilities are refused in this container, and a copy loses them but works
/// only under a path ending in `kwin_wayland` (Qt's platform plugin checks), so a copy is run
/// from the runtime folder. Stopped, and its folder removed, when the test lets it go.
final class HeadlessKWin {
    let socketName = "kwin-test"
    private let session: PrivateSessionBus
    private let kwin = Process()
    private let log: String

    static var unavailable: String? {
        for tool in ["/usr/bin/kwin_wayland", "/usr/bin/dbus-daemon", "/usr/bin/python3"]
        where !FileManager.default.isExecutableFile(atPath: tool) {
            return "\(tool) is missing (scripts/install-deps.sh test installs it)"
        }
        return nil
    }

    /// Its runtime folder (XDG_RUNTIME_DIR) and the address of its session bus.
    var runtimeDirectory: String { session.folder }
    var busAddress: String { session.address }
    /// An absolute WAYLAND_DISPLAY.
    var waylandDisplay: String { runtimeDirectory + "/" + socketName }

    init(width: Int = 1280, height: Int = 400, scale: Double = 1) throws {
        session = try PrivateSessionBus(prefix: "xmarquee-kwin")
        log = session.folder + "/kwin.log"
        _ = FileManager.default.createFile(atPath: log, contents: nil)
        try FileManager.default.copyItem(atPath: "/usr/bin/kwin_wayland", toPath: session.folder + "/kwin_wayland")

        kwin.executableURL = URL(fileURLWithPath: runtimeDirectory + "/kwin_wayland")
        kwin.arguments = ["--virtual", "--width", String(width), "--height", String(height), "--scale", String(scale),
                          "--socket", socketName, "--no-lockscreen", "--no-global-shortcuts"]
        kwin.environment = ["XDG_RUNTIME_DIR": runtimeDirectory, "HOME": runtimeDirectory, "PATH": "/usr/bin:/bin",
                            "DBUS_SESSION_BUS_ADDRESS": busAddress, "KWIN_SCREENSHOT_NO_PERMISSION_CHECKS": "1",
                            // A KWin script's print() reaches the log (`maximizeArea`).
                            "QT_LOGGING_RULES": "js.debug=true"]
        kwin.standardOutput = FileHandle(forWritingAtPath: log)
        kwin.standardError = FileHandle(forWritingAtPath: log)
        try kwin.run()
        guard waitFor(seconds: 15, { FileManager.default.fileExists(atPath: self.waylandDisplay) && (try? self.screenshot()) != nil }) else {
            let output = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            stop()
            throw HarnessError("KWin did not start: \(output.suffix(600))")
        }
    }

    deinit { stop() }

    func stop() {
        if kwin.isRunning {
            kwin.terminate()
            kwin.waitUntilExit()
        }
        session.stop()
    }

    /// The area a maximised window gets (logical x, y, width, height): the output less what
    /// layer-shell surfaces reserve. Asked with a KWin script (loaded and started through
    /// org.kde.kwin.Scripting), whose print() lands in KWin's log.
    func maximizeArea() throws -> [Int] {
        let marker = "xmarquee-area-\(UUID().uuidString.prefix(8))"
        let script = runtimeDirectory + "/\(marker).js"
        try """
        var area = workspace.clientArea(KWin.MaximizeArea, workspace.activeScreen, workspace.currentDesktop);
        print("\(marker) " + area.x + " " + area.y + " " + area.width + " " + area.height);
        """.write(toFile: script, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: script) }
        let load = """
        import dbus, sys
        bus = dbus.bus.BusConnection(sys.argv[1])
        scripting = dbus.Interface(bus.get_object('org.kde.KWin', '/Scripting'), 'org.kde.kwin.Scripting')
        scripting.loadScript(sys.argv[2], signature='s')
        scripting.start()
        """
        let result = try runTool(URL(fileURLWithPath: "/usr/bin/python3"), ["-c", load, busAddress, script])
        guard result.status == 0 else { throw HarnessError("KWin's scripting failed: \(result.output.suffix(400))") }
        var area: [Int] = []
        waitFor(seconds: 5) {
            let text = (try? String(contentsOfFile: self.log, encoding: .utf8)) ?? ""
            guard let line = text.split(separator: "\n").last(where: { $0.contains(marker) }) else { return false }
            area = line.split(separator: " ").suffix(4).compactMap { Int($0) }
            return area.count == 4
        }
        guard area.count == 4 else { throw HarnessError("KWin's script printed no area") }
        return area
    }

    /// The output's pixels at their native resolution (ScreenShot2.CaptureScreen writes them raw
    /// into a pipe: 32-bit B, G, R, A).
    func screenshot() throws -> Screenshot {
        let file = runtimeDirectory + "/shot-\(UUID().uuidString).ppm"
        defer { try? FileManager.default.removeItem(atPath: file) }
        let script = """
        import dbus, os, sys
        bus = dbus.bus.BusConnection(sys.argv[1])
        screenshot = dbus.Interface(bus.get_object('org.kde.KWin', '/org/kde/KWin/ScreenShot2'), 'org.kde.KWin.ScreenShot2')
        r, w = os.pipe()
        reply = screenshot.CaptureScreen('Virtual-0', {'native-resolution': True}, dbus.types.UnixFd(w))
        os.close(w)
        data = bytearray()
        while True:
            chunk = os.read(r, 1 << 20)
            if not chunk: break
            data += chunk
        width, height, stride = int(reply['width']), int(reply['height']), int(reply['stride'])
        out = bytearray(b'P6\\n%d %d\\n255\\n' % (width, height))
        for y in range(height):
            row = data[y * stride:y * stride + width * 4]
            rgb = bytearray(width * 3)
            rgb[0::3] = row[2::4]
            rgb[1::3] = row[1::4]
            rgb[2::3] = row[0::4]
            out += rgb
        open(sys.argv[2], 'wb').write(out)
        """
        let result = try runTool(URL(fileURLWithPath: "/usr/bin/python3"), ["-c", script, busAddress, file])
        guard result.status == 0, let data = FileManager.default.contents(atPath: file), let shot = Screenshot(ppm: data) else {
            throw HarnessError("KWin's screenshot failed: \(result.output.suffix(400))")
        }
        return shot
    }
}
