import Glibc

/// A private headless sway for the Wayland row (`WLR_BACKENDS=headless`, the pixman renderer,
/// no input devices) in a runtime folder of its own, so it never meets a user's compositor. Sway
/// refuses to run as root: under root it runs as the unprivileged user the Wayland tests use
/// (`xmarquee-wl`, made when missing) through setpriv, which execs in place, so `compositor.pid`
/// is sway's own pid and its CPU can be measured. Stopped, and its folder removed, on `stop`.
final class HeadlessSwaySession: BenchCompositor {
    static let user = "xmarquee-wl"
    let name = "sway"
    let compositor: ChildProcess
    let runtimeDirectory: String
    /// An absolute WAYLAND_DISPLAY: libwayland takes a path as well as a name.
    var waylandDisplay: String { runtimeDirectory + "/wayland-1" }
    var swaySocket: String { runtimeDirectory + "/sway.sock" }

    /// Why sway cannot run here; nil when it can.
    static var unavailable: String? {
        for tool in ["/usr/bin/sway", "/usr/bin/swaymsg"] where access(tool, X_OK) != 0 {
            return "\(tool) is missing (scripts/install-deps.sh bench installs it)"
        }
        if getuid() == 0 && !ensureUser() { return "cannot create the unprivileged user \(user) sway needs under root" }
        return nil
    }

    init(width: Int, height: Int) throws {
        var template = Array("/tmp/xmarquee-bench-sway.XXXXXX".utf8CString)
        guard mkdtemp(&template) != nil else { throw BenchError("cannot make a runtime folder for sway") }
        runtimeDirectory = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let config = "xwayland disable\noutput HEADLESS-1 mode \(width)x\(height) position 0 0\ndefault_border none\n"
        let configPath = runtimeDirectory + "/config"
        guard let file = fopen(configPath, "w") else { throw BenchError("cannot write \(configPath)") }
        fputs(config, file)
        fclose(file)
        chmod(configPath, 0o644)
        let environment = ["XDG_RUNTIME_DIR=\(runtimeDirectory)", "PATH=/usr/bin:/bin", "WLR_BACKENDS=headless",
                           "WLR_RENDERER=pixman", "WLR_LIBINPUT_NO_DEVICES=1", "SWAYSOCK=\(runtimeDirectory)/sway.sock"]
        var command = ["/usr/bin/env", "-i"] + environment + ["/usr/bin/sway", "-c", configPath]
        if getuid() == 0, let account = getpwnam(Self.user) {
            chown(runtimeDirectory, account.pointee.pw_uid, account.pointee.pw_gid)
            command = ["/usr/bin/setpriv", "--reuid=\(account.pointee.pw_uid)", "--regid=\(account.pointee.pw_gid)",
                       "--clear-groups"] + command
        }
        chmod(runtimeDirectory, 0o700)
        compositor = try ChildProcess(command[0], Array(command.dropFirst()))
        let deadline = BenchClock.now() + 10
        while BenchClock.now() < deadline && !isReady { BenchClock.sleep(0.05) }
        guard isReady else {
            stop()
            throw BenchError("headless sway did not start")
        }
    }

    private var isReady: Bool {
        compositor.isRunning && access(waylandDisplay, F_OK) == 0
            && ChildProcess.output(of: "/usr/bin/swaymsg", ["-s", swaySocket, "-t", "get_version"], quietErrors: true).status == 0
    }

    func stop() {
        compositor.terminate()
        _ = ChildProcess.output(of: "/bin/rm", ["-rf", runtimeDirectory])
    }

    deinit { stop() }

    private static func ensureUser() -> Bool {
        if getpwnam(user) != nil { return true }
        _ = ChildProcess.output(of: "/usr/sbin/useradd", ["--system", "--no-create-home", "--shell", "/usr/sbin/nologin", user])
        return getpwnam(user) != nil
    }
}
