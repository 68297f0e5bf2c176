import Glibc
import MarqueeFormats
import MarqueeIO
import TickerDriver

/// Connects the control socket to the ticker: what each `xmarquee ctl` request does.
enum ControlEndpoint {
    /// How long a replaced instance has to quit.
    static let replaceTimeout = 3.0

    /// The socket path this instance is to listen at, decided before any window is made. A name
    /// in use is an error naming the running instance, unless `replace` asks it to quit first
    /// (the way window managers and bars take over). Without an explicit --name, a second
    /// instance (a top and a bottom bar) quietly takes "xmarquee-PID" when "default" is taken;
    /// `xmarquee ctl` reaches the first one. Nil when the socket cannot be made at all: the
    /// ticker then runs without remote control, with a warning.
    static func claim(name: String, replace: Bool) -> String? {
        let path: String
        do {
            path = try ControlSocketPath.path(for: name, create: true)
        } catch {
            Diagnostics.warn("control socket: \(error.description)")
            return nil
        }
        guard let owner = ControlServer.owner(of: path) else { return path }
        let running = owner > 0 ? "another xmarquee (pid \(owner))" : "another xmarquee"
        if replace {
            _ = try? ControlClient.send(.quit, to: path, timeoutSeconds: 1)
            let deadline = MonotonicClock.now() + replaceTimeout
            while ControlServer.isAnswering(path) {
                guard MonotonicClock.now() < deadline else {
                    Diagnostics.fail("\(running) named \"\(name)\" did not quit within \(Int(replaceTimeout)) s (--replace)",
                                     status: ExitStatus.usage.rawValue)
                }
                usleep(20_000)
            }
            return path
        }
        if name == "default" { return try? ControlSocketPath.path(for: "xmarquee-\(getpid())", create: true) }
        Diagnostics.fail("\(running) already runs as \"\(name)\": choose another --name, or --replace it",
                         status: ExitStatus.usage.rawValue)
    }

    /// Listens at the path `claim` gave.
    /// - Parameter describe: adds what the app knows (settings, sources) to `ctl status`.
    static func listen(path: String?, ticker: PlayerHost, loop: EventLoop,
                       describe: @escaping (inout StatusReport) -> Void) -> ControlServer? {
        guard let path else { return nil }
        let server: ControlServer
        do {
            server = try ControlServer(path: path, loop: loop)
        } catch {
            Diagnostics.warn("control socket: \(error.description)")
            return nil
        }
        server.onRequest = { request in
            // Quitting is the app's; the status is answered by `onStatus`; the rest is the player's.
            if request == .quit { loop.stop(status: ExitStatus.success.rawValue) }
            ticker.update { $0.handle(request, at: $1) }
            return nil
        }
        let shownName = String(server.path.split(separator: "/").last?.dropLast(".sock".count) ?? "")
        server.onStatus = {
            var report = StatusReport()
            report.name = shownName
            report.pid = getpid()
            report.version = XMarquee.version
            ticker.describe(into: &report)
            describe(&report)
            return report.json
        }
        return server
    }
}
