import Glibc

/// Frame pacing read from Present's completions and from the pixels, over `seconds` per run.
extension Bench {
    func runPacing(hz: Int, pixelsPerFrame: Int, seconds: Double = 20, floorBinary: String? = nil) throws {
        let speed = Double(hz * pixelsPerFrame)
        var results: [PacingFigures] = []
        for _ in 0..<runs {
            guard let run = try launchTickerShowingText(speed: speed) else { continue }
            BenchClock.sleep(0.5)
            let observation = observer.observe(run.window, seconds: seconds)
            let figures = PacingFigures(observation, period: 1 / Double(hz))
            if getenv("XMARQUEE_BENCH_DEBUG") != nil {
                let intervals = zip(observation.completions, observation.completions.dropFirst())
                    .map { "\($1.msc &- $0.msc)@\(($1.ust &- $0.ust) / 1000)ms" }
                    .filter { !$0.hasPrefix("1@1") }
                let skipped = observation.completions.filter(\.skipped).count
                let repeats = zip(observation.completions, observation.completions.dropFirst()).filter { $0.msc == $1.msc }.count
                print("    completions \(observation.completions.count), skipped \(skipped), same msc as previous \(repeats)")
                print("    off median: \(figures.offMedian.prefix(20)); long intervals: \(intervals.prefix(30))")
            }
            results.append(figures)
            run.ticker.terminate()
        }
        let section = "Pacing \(hz) Hz"
        // The C floor under the same observer, in the same run (PROFILE branch): its misses and
        // judder are what the server and machine cause on their own.
        if let floorBinary {
            var floorResults: [PacingFigures] = []
            for _ in 0..<runs {
                guard let run = try launchFloor(floorBinary) else { continue }
                BenchClock.sleep(0.5)
                let observation = observer.observe(run.window, seconds: seconds)
                if getenv("XMARQUEE_BENCH_DEBUG") != nil, let first = observation.shownVblanks.first, let last = observation.shownVblanks.last {
                    print("    floor: msc \(first.msc)→\(last.msc), ust span \(Double(last.ust &- first.ust) / 1e6) s, \(observation.shownVblanks.count) shown")
                }
                floorResults.append(PacingFigures(observation, period: 1 / Double(hz)))
                run.process.terminate()
            }
            log.add(section, "floor frames shown", Statistics.median(floorResults.map { Double($0.framesShown) }), "")
            log.add(section, "floor frames missed (vblanks not presented at)",
                    Statistics.median(floorResults.map { Double($0.framesMissed) }), "",
                    note: "per run: " + floorResults.map { "\($0.framesMissed)" }.joined(separator: ", "))
            log.add(section, "floor judder", Statistics.median(floorResults.compactMap(\.judderPercent)), "%",
                    note: "judged frames per run: " + floorResults.map { "\($0.judgedFrames) (\($0.judderFrames) off)" }.joined(separator: ", "))
        }
        let setting = "\(Int(speed)) px/s = \(pixelsPerFrame) px/frame, \(Int(seconds)) s, median of \(results.count)"
        guard !results.isEmpty else {
            log.add(section, "ticker did not show text", nil, "", note: setting)
            return
        }
        let shown = Statistics.median(results.map { Double($0.framesShown) })
        log.add(section, "frames shown", shown, "", note: "\(setting); expected \(Int(seconds) * hz)")
        let missed = Statistics.median(results.map { Double($0.framesMissed) })
        log.add(section, "frames missed (vblanks not presented at)", missed, "", target: "0", met: missed.map { $0 == 0 },
                note: "per run: " + results.map { "\($0.framesMissed)" }.joined(separator: ", "))
        log.add(section, "presents skipped (two for one vblank)", Statistics.median(results.map { Double($0.skippedPresents) }), "",
                target: "0", met: results.allSatisfy { $0.skippedPresents == 0 },
                note: "per run: " + results.map { "\($0.skippedPresents)" }.joined(separator: ", ") + "; counted in frames missed")
        log.add(section, "interval p50", Statistics.median(results.compactMap(\.intervalP50ms)), "ms",
                note: "Present ust (server vblank time)")
        log.add(section, "interval p99", Statistics.median(results.compactMap(\.intervalP99ms)), "ms")
        let steps = results.compactMap(\.medianStep)
        log.add(section, "median step read from pixels", Statistics.median(steps), "px")
        let judder = Statistics.median(results.compactMap(\.judderPercent))
        log.add(section, "judder (frames off the median step)", judder, "%", target: "0 %", met: judder.map { $0 == 0 },
                note: "judged frames per run: " + results.map { "\($0.judgedFrames) (\($0.judderFrames) off, \($0.unreadablePairs) unreadable)" }.joined(separator: ", "))
    }
}
