/// Content size must not reach the frame: 10 B to 10 MB of text, the same per-frame cost.
extension Bench {
    /// One text size's figures, one entry per round.
    private struct SizeFigures {
        var textMs: [Double] = []
        var residentMB: [Double] = []
        var frameMicros: [Double] = []
        var frames: [Double] = []
    }

    /// The sizes are measured in turns, `runs` rounds of 5 s each, the largest right after the
    /// smallest: the machine's load drifts, so the 10 % claim is judged on each round's own
    /// ratio of the two (the median of those), and the other figures are medians too.
    func runScaling(seconds: Double = 5) throws {
        let section = "Scaling"
        var figures = [SizeFigures](repeating: SizeFigures(), count: fixtures.bySize.count)
        let order = [0, fixtures.bySize.count - 1] + Array(fixtures.bySize.indices.dropFirst().dropLast())
        for _ in 0..<runs {
            for index in order {
                let path = fixtures.bySize[index].path
                guard let run = try launchTickerShowingText(file: path, timeout: 180) else { continue }
                figures[index].textMs.append(run.firstText * 1000)
                BenchClock.sleep(1)
                figures[index].residentMB.append(Double(ProcessSampler.residentKB(run.ticker.pid)) / 1024)
                let start = ProcessSampler.sample(run.ticker.pid)
                let observation = observer.observe(run.window, seconds: seconds, readPixels: false)
                let end = ProcessSampler.sample(run.ticker.pid)
                run.ticker.terminate()
                let frames = observation.shownVblanks.count
                figures[index].frames.append(Double(frames))
                if let start, let end, frames > 0 {
                    figures[index].frameMicros.append((end.cpuSeconds - start.cpuSeconds) / Double(frames) * 1e6)
                }
            }
        }

        let baseText = Statistics.median(figures.first?.textMs ?? [])
        for ((bytes, _), sized) in zip(fixtures.bySize, figures) {
            let label = Self.sizeLabel(bytes)
            guard let textMs = Statistics.median(sized.textMs) else {
                log.add(section, "\(label): text never shown", nil, "")
                continue
            }
            log.add(section, "\(label): exec → text on screen", textMs, "ms", note: "median of \(sized.textMs.count)")
            let layoutMs = baseText.map { textMs - $0 }
            if bytes >= 1_000_000 {
                let limit: Double = bytes == 1_000_000 ? 300 : 3000
                log.add(section, "\(label): layout (minus the 10 B start)", layoutMs, "ms", target: "≤ \(Int(limit)) ms",
                        met: layoutMs.map { $0 <= limit }, note: "file read + sanitising + shaping, seen from outside")
            } else if bytes > 10 {
                log.add(section, "\(label): layout (minus the 10 B start)", layoutMs, "ms")
            }
            log.add(section, "\(label): resident after layout", Statistics.median(sized.residentMB), "MB")
            let frameMicros = Statistics.median(sized.frameMicros)
            let perRound = "per round: " + sized.frameMicros.map { fixed($0, 0) }.joined(separator: ", ")
                + " µs; \(Statistics.median(sized.frames).map { Int($0) } ?? 0) frames in \(Int(seconds)) s"
            log.add(section, "\(label): CPU per frame", frameMicros, "µs", note: perRound)
            guard bytes == 10_000_000, let smallest = figures.first, sized.frameMicros.count == smallest.frameMicros.count else { continue }
            let changes = zip(sized.frameMicros, smallest.frameMicros).map { 100 * ($0 - $1) / $1 }
            let change = Statistics.median(changes)
            log.add(section, "\(label): CPU per frame against 10 B", change, "%", target: "within ±10 %",
                    met: change.map { abs($0) <= 10 },
                    note: "median of each round's change; per round: " + changes.map { fixed($0, 1) }.joined(separator: ", ") + " %")
        }
    }

    static func sizeLabel(_ bytes: Int) -> String {
        switch bytes {
        case ..<1000: return "\(bytes) B"
        case ..<1_000_000: return "\(bytes / 1000) KB"
        default: return "\(bytes / 1_000_000) MB"
        }
    }
}

extension Bench {
    /// A clock ticking each second beside the 10 MB text, and beside the headlines, side by side:
    /// every tick is a new cycle, in which the unchanged source's block is taken as it is, so a
    /// tick should cost the same beside 10 MB as beside a few lines.
    func runClockBesideLongText() throws {
        let section = "Clock + 10 MB"
        guard let path = fixtures.bySize.last(where: { $0.bytes == 10_000_000 })?.path else { return }
        func clockCPU(beside file: String, label: String) throws -> Double? {
            guard let run = try launchTickerShowingText(file: file, extra: ["--clock", "%H:%M:%S"], timeout: 180) else {
                log.add(section, "\(label): text never shown", nil, "")
                return nil
            }
            defer { run.ticker.terminate() }
            // Past the first layout and its first ticks.
            BenchClock.sleep(3)
            let percents = (0..<runs).compactMap { _ in measureUsage(of: [run.ticker.pid], for: 10)[0]?.cpuPercent }
            return Statistics.median(percents)
        }
        let short = try clockCPU(beside: fixtures.headlines, label: "headlines")
        log.add(section, "xmarquee CPU, clock beside the headlines", short, "%",
                note: "`--clock %H:%M:%S` and the two dozen headlines, 120 px/s at 60 Hz; median of \(runs) × 10 s")
        let long = try clockCPU(beside: path, label: "10 MB")
        let target = short.map { 1.5 * $0 }
        log.add(section, "xmarquee CPU, clock beside 10 MB", long, "%", target: target.map { "≤ 1.5 × headlines = \(fixed($0, 2)) %" } ?? "",
                met: long.flatMap { value in target.map { value <= $0 } },
                note: "10 MB file of 150 000 lines and `--clock %H:%M:%S`, same run")
    }
}
