/// CPU of the ticker and of the X server per second of scrolling, memory over time, and the
/// idle cases (unmapped, speed 0) that must not wake up at all.
extension Bench {
    func runScrollingCPU() throws {
        let section = "CPU 60 Hz"
        guard let run = try launchTickerShowingText() else {
            log.add(section, "ticker did not show text", nil, "")
            return
        }
        defer { run.ticker.terminate() }
        BenchClock.sleep(2)
        var client: [Double] = [], server: [Double] = [], wakeups: [Double] = []
        for _ in 0..<5 {
            let usage = measureUsage(of: [run.ticker.pid, serverPID], for: 10)
            guard let ticker = usage[0], let xserver = usage[1] else { continue }
            client.append(ticker.cpuPercent)
            server.append(xserver.cpuPercent)
            wakeups.append(ticker.wakeupsPerSecond)
        }
        let note = "1920×32 bar, 120 px/s; median of \(client.count) × 10 s"
        tickerClientCPU = Statistics.median(client)
        tickerServerCPU = Statistics.median(server)
        log.add(section, "xmarquee CPU (% of one core)", tickerClientCPU, "%", target: "≤ 0.5 %",
                met: tickerClientCPU.map { $0 <= 0.5 }, note: note)
        log.add(section, "xmarquee CPU per frame", tickerClientCPU.map { $0 / 100 / 60 * 1e6 }, "µs")
        log.add(section, "xmarquee wakeups", Statistics.median(wakeups), "/s", note: "voluntary context switches")
        log.add(section, "X server CPU (% of one core)", tickerServerCPU, "%", note: note)

        let after = long ? 600.0 : 60.0
        BenchClock.sleep(after - (BenchClock.now() - run.ticker.startTime))
        let resident = Double(ProcessSampler.residentKB(run.ticker.pid)) / 1024
        log.add("Memory", "resident after \(Int(after / 60)) min of scrolling", resident, "MB", target: "≤ 16 MB",
                met: resident <= 16, note: long ? "" : "default run; `--long` measures after 10 min")
    }

    /// Unmapped window and speed 0: no frames, so no CPU and no wakeups.
    func runIdleCPU() throws {
        if let run = try launchTickerShowingText() {
            observer.unmap(run.window)
            BenchClock.sleep(1)
            reportIdle(run.ticker, case: "unmapped")
            run.ticker.terminate()
        } else {
            log.add("Idle", "unmapped: ticker did not show text", nil, "")
        }
        if let run = try launchTickerShowingText(speed: 0) {
            BenchClock.sleep(1)
            reportIdle(run.ticker, case: "speed 0")
            run.ticker.terminate()
        } else {
            log.add("Idle", "speed 0: ticker did not show text", nil, "")
        }
    }

    private func reportIdle(_ ticker: ChildProcess, case name: String) {
        let usage = measureUsage(of: [ticker.pid, serverPID], for: 10)
        log.add("Idle", "\(name): xmarquee CPU", usage[0]?.cpuPercent, "%", note: "10 s")
        log.add("Idle", "\(name): xmarquee wakeups", usage[0]?.wakeupsPerSecond, "/s", target: "0",
                met: usage[0].map { $0.wakeupsPerSecond == 0 })
        log.add("Idle", "\(name): X server CPU", usage[1]?.cpuPercent, "%")
    }

    /// The X server alone, before any client: what the other figures sit on.
    func runServerBaseline() {
        let usage = measureUsage(of: [serverPID], for: 5)
        log.add("Idle", "X server CPU with no client", usage[0]?.cpuPercent, "%", note: "5 s")
    }
}
