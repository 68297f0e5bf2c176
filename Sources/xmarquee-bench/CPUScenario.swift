import Glibc

/// CPU of the ticker and of the X server per second of scrolling, memory over time, and the
/// idle cases (unmapped, speed 0) that must not wake up at all.
extension Bench {
    /// CPU per second of scrolling of xmarquee, the C floor and (if ready) Tickr, and of the X
    /// server under each. On a shared machine the load drifts, so they are measured in turns (a
    /// fresh process each, 10 s each) and every figure is the median over the rounds.
    struct CPURounds {
        var ours: [ProcessUsage] = [], oursServer: [ProcessUsage] = []
        var floor: [ProcessUsage] = [], floorServer: [ProcessUsage] = []
        var batchFloor: [ProcessUsage] = [], batchFloorServer: [ProcessUsage] = []
        var tickr: [ProcessUsage] = [], tickrServer: [ProcessUsage] = []
        /// xmarquee's resident memory at the end of each round, in MB.
        var oursResident: [Double] = []

        static func median(_ usages: [ProcessUsage], _ value: (ProcessUsage) -> Double) -> Double? {
            Statistics.median(usages.map(value))
        }
    }

    func measureCPURounds(floorBinary: String?, batchFloorBinary: String?, hz: Int, tickrReady: Bool) throws -> CPURounds {
        var rounds = CPURounds()
        func measure(_ pid: pid_t, into client: inout [ProcessUsage], _ server: inout [ProcessUsage]) {
            let usage = measureUsage(of: [pid, serverPID], for: 10)
            if let first = usage[0], let second = usage[1] {
                client.append(first)
                server.append(second)
            }
        }
        for _ in 0..<runs {
            if let run = try launchTickerShowingText() {
                BenchClock.sleep(2)
                measure(run.ticker.pid, into: &rounds.ours, &rounds.oursServer)
                rounds.oursResident.append(Double(ProcessSampler.residentKB(run.ticker.pid)) / 1024)
                run.ticker.terminate()
            }
            if let floorBinary, let run = try launchFloor(floorBinary) {
                BenchClock.sleep(1)
                measure(run.process.pid, into: &rounds.floor, &rounds.floorServer)
                run.process.terminate()
            }
            if let batchFloorBinary, let run = try launchFloor(batchFloorBinary, className: "present_batch_floor",
                                                               extra: ["\(Self.framesPerWakeup(hz: hz))"]) {
                BenchClock.sleep(1)
                measure(run.process.pid, into: &rounds.batchFloor, &rounds.batchFloorServer)
                run.process.terminate()
            }
            if tickrReady, let run = try launchTickr() {
                BenchClock.sleep(2)
                measure(run.process.pid, into: &rounds.tickr, &rounds.tickrServer)
                run.process.terminate()
            }
        }
        return rounds
    }

    /// Without a compositing manager: xmarquee presents tear-free (where the build does), the
    /// floor copies straight into its window. `hz`: the server's refresh rate (60, or 144 faked).
    func runCPUComparison(floorBinary: String?, batchFloorBinary: String?, tickrReady: Bool, hz: Int = 60) throws {
        let rounds = try measureCPURounds(floorBinary: floorBinary, batchFloorBinary: batchFloorBinary, hz: hz, tickrReady: tickrReady)
        let (ours, oursServer, floor, floorServer, tickr, tickrServer) =
            (rounds.ours, rounds.oursServer, rounds.floor, rounds.floorServer, rounds.tickr, rounds.tickrServer)
        let median = CPURounds.median
        let note = "1920×32 bar, 120 px/s, \(hz) Hz, no compositing manager; median of \(ours.count) × 10 s, in turns with the floor and Tickr"
        if hz == 60 {
            tickerClientCPU = median(ours, \.cpuPercent)
            tickerServerCPU = median(oursServer, \.cpuPercent)
        }
        let tickerClientCPU = median(ours, \.cpuPercent), tickerServerCPU = median(oursServer, \.cpuPercent)
        let section = "CPU \(hz) Hz"
        log.add(section, "xmarquee CPU (% of one core)", tickerClientCPU, "%", target: "≤ 0.5 %",
                met: tickerClientCPU.map { $0 <= 0.5 }, note: note)
        log.add(section, "xmarquee CPU per frame", tickerClientCPU.map { $0 / 100 / Double(hz) * 1e6 }, "µs", note: "at \(hz) frames/s")
        logWakeups(section, rounds: rounds, hz: hz)
        log.add(section, "X server CPU with xmarquee", tickerServerCPU, "%", note: note)
        let resident = Statistics.median(rounds.oursResident)
        log.add(section, "xmarquee resident while scrolling", resident, "MB", target: "≤ 16 MB", met: resident.map { $0 <= 16 },
                note: "at the end of each round")

        let floorClient = median(floor, \.cpuPercent), floorServerCPU = median(floorServer, \.cpuPercent)
        let floorSection = hz == 60 ? "C floor" : "C floor \(hz) Hz"
        log.add(floorSection, "floor client CPU", floorClient, "%", note: "one XCopyArea per Present completion, 2 px/frame")
        log.add(floorSection, "X server CPU with the floor", floorServerCPU, "%")
        if let floorServerCPU, let tickerServerCPU, floorServerCPU > 0 {
            let ratio = tickerServerCPU / floorServerCPU
            log.add(floorSection, "X server CPU: xmarquee ÷ floor, no compositor (tear-free)", ratio, "×", target: "≤ 1.25 ×",
                    met: ratio <= 1.25, note: "the floor copies straight into its window; xmarquee presents at the vblank where the build does")
        }
        if let floorClient, let tickerClientCPU, floorClient > 0 {
            let ratio = tickerClientCPU / floorClient
            log.add(floorSection, "client CPU: xmarquee ÷ floor", ratio, "×", target: "≤ 0.5 ×", met: ratio <= 0.5,
                    note: "frames queued ahead: the ticker sleeps through each batch, the floor wakes every frame")
        }

        logBatchFloor(rounds: rounds, hz: hz, tickerClient: tickerClientCPU, tickerServer: tickerServerCPU)
        log.addSamples("CPU \(hz) Hz: xmarquee client %", rounds.ours.map(\.cpuPercent))
        log.addSamples("CPU \(hz) Hz: X server with xmarquee %", rounds.oursServer.map(\.cpuPercent))
        log.addSamples("CPU \(hz) Hz: xmarquee wakeups/s", rounds.ours.map(\.wakeupsPerSecond))
        log.addSamples("CPU \(hz) Hz: per-vblank floor client %", rounds.floor.map(\.cpuPercent))
        log.addSamples("CPU \(hz) Hz: X server with the per-vblank floor %", rounds.floorServer.map(\.cpuPercent))
        log.addSamples("CPU \(hz) Hz: batching floor client %", rounds.batchFloor.map(\.cpuPercent))
        log.addSamples("CPU \(hz) Hz: X server with the batching floor %", rounds.batchFloorServer.map(\.cpuPercent))
        log.addSamples("CPU \(hz) Hz: batching floor wakeups/s", rounds.batchFloor.map(\.wakeupsPerSecond))

        guard tickrReady else { return }
        let tickrClient = median(tickr, \.cpuPercent), tickrServerCPU = median(tickrServer, \.cpuPercent)
        let tickrNote = "same file and bar, -delay=16 -shiftsize=2 (125 px/s); median of \(tickr.count) × 10 s"
        log.add("Tickr", "Tickr CPU (% of one core)", tickrClient, "%", note: tickrNote)
        log.add("Tickr", "X server CPU with Tickr", tickrServerCPU, "%")
        if let tickrClient, let tickerClientCPU, tickerClientCPU > 0 {
            let ratio = tickrClient / tickerClientCPU
            log.add("Tickr", "client CPU: Tickr ÷ xmarquee", ratio, "×", target: "≥ 5 ×", met: ratio >= 5)
        }
        if let tickrServerCPU, let tickerServerCPU, tickerServerCPU > 0 {
            log.add("Tickr", "X server CPU: with Tickr ÷ with xmarquee", tickrServerCPU / tickerServerCPU, "×")
        }
    }

    /// The ticker beside a C client that batches as it does (same frames a wakeup, one ribbon,
    /// no copy, no text): like for like, the one comparison whose target is the issue's.
    func logBatchFloor(rounds: CPURounds, hz: Int, tickerClient: Double?, tickerServer: Double?) {
        let median = CPURounds.median
        let section = hz == 60 ? "C batching floor" : "C batching floor \(hz) Hz"
        let frames = Self.framesPerWakeup(hz: hz)
        let client = median(rounds.batchFloor, \.cpuPercent), server = median(rounds.batchFloorServer, \.cpuPercent)
        log.add(section, "batching floor client CPU", client, "%",
                note: "\(frames) PresentPixmaps of one pre-painted ribbon a wakeup, as the ticker queues; median of \(rounds.batchFloor.count) × 10 s")
        log.add(section, "batching floor client CPU per 10 s", client.map { $0 / 100 * 10 * 1e6 }, "µs")
        log.add(section, "xmarquee client CPU per 10 s", tickerClient.map { $0 / 100 * 10 * 1e6 }, "µs", note: "the `CPU \(hz) Hz` row")
        log.add(section, "batching floor wakeups", median(rounds.batchFloor, \.wakeupsPerSecond), "/s")
        log.add(section, "X server CPU with the batching floor", server, "%")
        if let client, let tickerClient, client > 0 {
            let ratio = tickerClient / client
            log.add(section, "client CPU: xmarquee ÷ batching floor", ratio, "×", target: "≤ 1.25 ×", met: ratio <= 1.25,
                    note: "same frames a wakeup; the ticker also lays out, paints tiles and ribbons, answers its loop")
        }
        if let server, let tickerServer, server > 0 {
            log.add(section, "X server CPU: xmarquee ÷ batching floor", tickerServer / server, "×",
                    note: "the same PresentPixmaps a wakeup; the ticker's ribbons are painted again as the text moves on")
        }
    }

    /// Wake-ups (voluntary context switches: the process slept and was woken) per second and
    /// per frame, the ticker's beside the floor's: what keeps a core out of its deep idle states.
    func logWakeups(_ section: String, rounds: CPURounds, hz: Int) {
        let median = CPURounds.median
        let ours = median(rounds.ours, \.wakeupsPerSecond), floor = median(rounds.floor, \.wakeupsPerSecond)
        let involuntary = median(rounds.ours, \.involuntaryPerSecond).map { fixed($0, 0) } ?? "n/a"
        log.add(section, "xmarquee wakeups", ours, "/s", target: "≤ 8/s", met: ours.map { $0 <= 8 },
                note: "voluntary context switches; involuntary \(involuntary)/s; frames queued in batches of 0.2 s")
        log.add(section, "xmarquee wakeups per frame", ours.map { $0 / Double(hz) }, "", note: "\(hz) frames/s")
        log.add(section, "floor wakeups", floor, "/s", note: "one per Present completion")
        log.add(section, "floor wakeups per frame", floor.map { $0 / Double(hz) }, "")
    }

    /// Resident memory after a minute (or, with --long, ten minutes) of scrolling.
    func runMemoryOverTime() throws {
        guard let run = try launchTickerShowingText() else {
            log.add("Memory", "ticker did not show text", nil, "")
            return
        }
        defer { run.ticker.terminate() }
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
