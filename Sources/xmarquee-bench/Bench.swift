import CXBench
import Glibc

/// What every scenario shares: the X server, the observer, the texts, the results so far.
final class Bench {
    static let barWidth = 1920, barHeight = 32
    static let background: UInt32 = 0x202020
    static let speed = 120.0

    let log: ResultLog
    let fixtures: TextFixtures
    let xmarquee: String
    let runs: Int
    let long: Bool
    private(set) var xvfb: XvfbSession
    private(set) var observer: PixelObserver

    /// Figures later scenarios compare against (Tickr and the C floor).
    var tickerClientCPU: Double?
    var tickerServerCPU: Double?
    var tickerResidentMB: Double?

    init(log: ResultLog, fixtures: TextFixtures, xmarquee: String, runs: Int, long: Bool) throws {
        self.log = log
        self.fixtures = fixtures
        self.xmarquee = xmarquee
        self.runs = runs
        self.long = long
        xvfb = try XvfbSession(refreshHz: 60)
        observer = try PixelObserver(displayName: xvfb.display)
    }

    /// Replaces the X server (e.g. by one faking another refresh rate).
    func restartServer(refreshHz: Int) throws {
        let next = try XvfbSession(refreshHz: refreshHz)
        // The old observer closes its connection while its server still runs; then that server stops.
        observer = try PixelObserver(displayName: next.display)
        xvfb = next
    }

    /// Starts the release xmarquee as a 1920×32 bar at the top of the screen.
    func launchTicker(file: String? = nil, speed: Double = Bench.speed, extra: [String] = []) throws -> ChildProcess {
        try ChildProcess(xmarquee, ["--file", file ?? fixtures.headlines,
                                    "--geometry", "\(Self.barWidth)x\(Self.barHeight)+0+0",
                                    "--speed", "\(speed)", "--bg", "#202020", "--fg", "#f0f0f0",
                                    "--display", xvfb.display] + extra,
                         environment: ["DISPLAY": xvfb.display])
    }

    /// Starts the ticker and waits until its text is on screen; nil (and the ticker stopped) if it never shows.
    func launchTickerShowingText(file: String? = nil, speed: Double = Bench.speed, extra: [String] = [],
                                 timeout: Double = 30) throws -> (ticker: ChildProcess, window: Window, firstText: Double)? {
        let ticker = try launchTicker(file: file, speed: speed, extra: extra)
        guard let shown = observer.waitForText(pid: ticker.pid, timeout: timeout),
              let window = observer.waitForWindow(pid: ticker.pid, timeout: 1) else {
            ticker.terminate()
            return nil
        }
        return (ticker, window, shown - ticker.startTime)
    }

    var serverPID: pid_t { xvfb.server.pid }

    /// Closes the observer's connection before its server stops (Xlib exits on a broken connection).
    func finish() {
        XCloseDisplay(observer.display)
        observer.closed = true
        xvfb.stop()
    }
}
