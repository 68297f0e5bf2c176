/// Time from exec to the first frame with text on screen, and resident memory just after start.
extension Bench {
    func runStartup() throws {
        var firstFrames: [Double] = []
        var residents: [Double] = []
        for _ in 0..<max(runs, 5) {
            guard let run = try launchTickerShowingText() else { continue }
            firstFrames.append(run.firstText * 1000)
            BenchClock.sleep(1 - (BenchClock.now() - run.ticker.startTime))
            residents.append(Double(ProcessSampler.residentKB(run.ticker.pid)) / 1024)
            run.ticker.terminate()
        }
        let first = Statistics.median(firstFrames)
        log.add("Start", "exec → first frame with text (median of \(firstFrames.count))", first, "ms",
                target: "≤ 100 ms", met: first.map { $0 <= 100 },
                note: "read back by the observer connection; an upper bound")
        let resident = Statistics.median(residents)
        log.add("Memory", "resident 1 s after start", resident, "MB", target: "≤ 16 MB", met: resident.map { $0 <= 16 })
        tickerResidentMB = resident
    }
}
