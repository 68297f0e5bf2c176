import Glibc

/// A private KWin 5.27 on its virtual backend for the KWin row, with a session bus of its own
/// (`dbus-daemon`), in a runtime folder of its own. It runs as root from a copy named
/// `kwin_wayland` in that folder: the packaged binary's file capabilities are refused in a
/// container, and KWin's Qt platform plugin loads only under a path ending in `kwin_wayland`.
/// `compositor.pid` is KWin's own. Stopped, and its folder removed, on `stop`.
final class HeadlessKWinSession: BenchCompositor {
    let name = "KWin"
    let compositor: ChildProcess
    private let bus: ChildProcess
    let runtimeDirectory: String
    var waylandDisplay: String { runtimeDirectory + "/kwin-bench" }

    static var unavailable: String? {
        for tool in ["/usr/bin/kwin_wayland", "/usr/bin/dbus-daemon"] where access(tool, X_OK) != 0 {
            return "\(tool) is missing (scripts/install-deps.sh bench installs it)"
        }
        return nil
    }

    init(width: Int, height: Int) throws {
        var template = Array("/tmp/xmarquee-bench-kwin.XXXXXX".utf8CString)
        guard mkdtemp(&template) != nil else { throw BenchError("cannot make a runtime folder for KWin") }
        runtimeDirectory = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        chmod(runtimeDirectory, 0o700)
        _ = ChildProcess.output(of: "/bin/cp", ["/usr/bin/kwin_wayland", runtimeDirectory + "/kwin_wayland"])
        let address = "unix:path=\(runtimeDirectory)/bus"
        bus = try ChildProcess("/usr/bin/dbus-daemon", ["--session", "--nofork", "--nopidfile", "--address=\(address)"])
        compositor = try ChildProcess(runtimeDirectory + "/kwin_wayland",
                                      ["--virtual", "--width", "\(width)", "--height", "\(height)", "--socket", "kwin-bench",
                                       "--no-lockscreen", "--no-global-shortcuts"],
                                      environment: ["XDG_RUNTIME_DIR": runtimeDirectory, "HOME": runtimeDirectory,
                                                    "DBUS_SESSION_BUS_ADDRESS": address, "DISPLAY": "", "WAYLAND_DISPLAY": ""])
        let deadline = BenchClock.now() + 15
        while BenchClock.now() < deadline && !(compositor.isRunning && access(waylandDisplay, F_OK) == 0) { BenchClock.sleep(0.05) }
        guard compositor.isRunning && access(waylandDisplay, F_OK) == 0 else {
            stop()
            throw BenchError("KWin did not start")
        }
        // Its first seconds go to start-up work (effects, the cursor theme): not the bar's cost.
        BenchClock.sleep(2)
    }

    func stop() {
        compositor.terminate()
        bus.terminate()
        _ = ChildProcess.output(of: "/bin/rm", ["-rf", runtimeDirectory])
    }

    deinit { stop() }
}
