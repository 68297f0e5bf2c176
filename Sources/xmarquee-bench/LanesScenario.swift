import CXBench
import Glibc

/// Two lanes against one: a 1920 × 64 bar of headlines at 120 px/s to the left over markets at
/// 60 px/s to the right, and the same headlines alone in a 1920 × 32 bar, measured in turns. The
/// driver plans both lanes in one wake-up, so two cost little more than one; each lane's frames,
/// read from its own window, move at its own speed.
extension Bench {
    static let laneBarHeight = 2 * barHeight

    func runLanes() throws {
        let section = "Lanes"
        var one: [ProcessUsage] = [], two: [ProcessUsage] = [], resident: [Double] = []
        for _ in 0..<runs {
            if let run = try launchTickerShowingText() {
                BenchClock.sleep(2)
                if let usage = measureUsage(of: [run.ticker.pid], for: 10)[0] { one.append(usage) }
                run.ticker.terminate()
            }
            if let run = try launchTwoLanes() {
                BenchClock.sleep(2)
                if let usage = measureUsage(of: [run.ticker.pid], for: 10)[0] { two.append(usage) }
                resident.append(Double(ProcessSampler.residentKB(run.ticker.pid)) / 1024)
                run.ticker.terminate()
            }
        }
        let note = "1920×32 (one lane) and 1920×64 (two) at 60 Hz; median of \(two.count) × 10 s, in turns"
        let oneCPU = Statistics.median(one.map(\.cpuPercent)), twoCPU = Statistics.median(two.map(\.cpuPercent))
        log.add(section, "xmarquee CPU, one lane (% of one core)", oneCPU, "%", note: note)
        log.add(section, "xmarquee CPU, two lanes (% of one core)", twoCPU, "%", note: note)
        let ratio = oneCPU.flatMap { one in twoCPU.map { one > 0 ? $0 / one : .nan } }
        log.add(section, "two lanes ÷ one lane", ratio, "×", target: "≤ 1.5 ×", met: ratio.map { $0 <= 1.5 })
        let wakeups = Statistics.median(two.map(\.wakeupsPerSecond))
        log.add(section, "wake-ups with two lanes", wakeups, "/s", note: "voluntary context switches")
        let memory = Statistics.median(resident)
        log.add(section, "resident with two lanes", memory, "MB", target: "≤ 18 MB", met: memory.map { $0 <= 18 })

        // Each lane's frames from its own window: every vblank's step against its speed.
        guard let run = try launchTwoLanes() else { return log.add(section, "two lanes: text never shown", nil, "") }
        defer { run.ticker.terminate() }
        BenchClock.sleep(2)
        let windows = observer.children(of: run.window)
        guard windows.count == 2 else { return log.add(section, "two lanes: \(windows.count) lane windows found", nil, "") }
        for (index, (window, speed)) in zip(windows, [Self.speed, -Self.speed / 2]).enumerated() {
            let figures = SmoothnessFigures(observer.observe(window, seconds: 6, background: Bench.background), speed: speed)
            let rms = figures.rmsError
            log.add(section, "lane \(index + 1) (\(Int(abs(speed))) px/s \(speed > 0 ? "left" : "right")): RMS of each vblank's step off speed × period",
                    rms, "px", target: "≤ 0.10 px", met: rms.map { $0 <= 0.10 },
                    note: "\(figures.steps.count) vblanks judged (pairs not judged: \(figures.unreadPairs) unreadable, "
                        + "\(figures.uncertainPairs) read late, \(figures.missedPairs) across a missed vblank); steps \(figures.rhythm)")
        }
    }

    /// The headlines over the markets crawling the other way at half the speed, until both show.
    private func launchTwoLanes() throws -> (ticker: ChildProcess, window: Window, firstText: Double)? {
        let ticker = try ChildProcess(xmarquee, ["--file", fixtures.headlines, "--geometry", "\(Self.barWidth)x\(Self.laneBarHeight)+0+0",
                                                 "--speed", "\(Self.speed)", "--bg", "#202020", "--fg", "#f0f0f0",
                                                 "--display", xvfb.display,
                                                 "--lane", "--file", fixtures.headlines, "--speed", "\(Self.speed / 2)",
                                                 "--direction", "right", "--bg", "#202020", "--fg", "#f0f0f0"],
                                      environment: ["DISPLAY": xvfb.display])
        guard let shown = observer.waitForText(pid: ticker.pid, timeout: 30), let window = observer.waitForWindow(pid: ticker.pid, timeout: 1) else {
            ticker.terminate()
            return nil
        }
        return (ticker, window, shown - ticker.startTime)
    }
}
