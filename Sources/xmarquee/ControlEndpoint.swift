import Glibc
import MarqueeCore
import MarqueeIO
import MarqueeX11

/// Connects the control socket to the ticker: what each `xmarquee ctl` request does.
enum ControlEndpoint {
    /// Listens for this instance; a problem (another instance with the same name) is a warning,
    /// not a reason to stop: the ticker runs without remote control.
    /// Without an explicit --name, a second instance (a top and a bottom bar) quietly takes
    /// "xmarquee-PID" when "default" is taken; `xmarquee ctl` reaches the first one.
    /// - Parameter describe: adds what the app knows (settings, sources) to `ctl status`.
    static func listen(name: String, ticker: Ticker, loop: EventLoop,
                       describe: @escaping (inout StatusReport) -> Void) -> ControlServer? {
        let server: ControlServer
        do {
            let path = try ControlSocketPath.path(for: name, create: true)
            if name == "default" && ControlServer.isAnswering(path) {
                server = try ControlServer(path: try ControlSocketPath.path(for: "xmarquee-\(getpid())", create: true), loop: loop)
            } else {
                server = try ControlServer(path: path, loop: loop)
            }
        } catch {
            Diagnostics.warn("control socket: \(error.description)")
            return nil
        }
        server.onRequest = { request in
            switch request {
            case .pause: ticker.pause()
            case .resume: ticker.resume()
            case .toggle: ticker.togglePause()
            case .speed(let speed): ticker.changeSpeed(to: speed)
            case .say(let text): ticker.announce(text)
            case .next: ticker.skipToNextMessage()
            case .status: break
            }
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
