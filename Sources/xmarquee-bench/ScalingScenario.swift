/// Content size must not reach the frame: 10 B to 10 MB of text, the same per-frame cost.
extension Bench {
    func runScaling() throws {
        let section = "Scaling"
        var baseline: (textMs: Double, frameMicros: Double?)?
        for (bytes, path) in fixtures.bySize {
            let label = Self.sizeLabel(bytes)
            guard let run = try launchTickerShowingText(file: path, timeout: 180) else {
                log.add(section, "\(label): text never shown", nil, "")
                continue
            }
            let textMs = run.firstText * 1000
            BenchClock.sleep(1)
            let resident = Double(ProcessSampler.residentKB(run.ticker.pid)) / 1024
            let start = ProcessSampler.sample(run.ticker.pid)
            let observation = observer.observe(run.window, seconds: 10, readPixels: false)
            let end = ProcessSampler.sample(run.ticker.pid)
            run.ticker.terminate()
            let frames = observation.shownVblanks.count
            var frameMicros: Double?
            if let start, let end, frames > 0 { frameMicros = (end.cpuSeconds - start.cpuSeconds) / Double(frames) * 1e6 }

            if baseline == nil { baseline = (textMs, frameMicros) }
            let layoutMs = textMs - baseline!.textMs
            log.add(section, "\(label): exec → text on screen", textMs, "ms")
            if bytes >= 1_000_000 {
                let limit: Double = bytes == 1_000_000 ? 300 : 3000
                log.add(section, "\(label): layout (minus the 10 B start)", layoutMs, "ms", target: "≤ \(Int(limit)) ms",
                        met: layoutMs <= limit, note: "file read + sanitising + shaping, seen from outside")
            } else if bytes > 10 {
                log.add(section, "\(label): layout (minus the 10 B start)", layoutMs, "ms")
            }
            log.add(section, "\(label): resident after layout", resident, "MB")
            if bytes == 10_000_000, let frameMicros, let base = baseline?.frameMicros {
                let change = 100 * (frameMicros - base) / base
                log.add(section, "\(label): CPU per frame", frameMicros, "µs", target: "within 10 % of 10 B",
                        met: abs(change) <= 10, note: "\(change >= 0 ? "+" : "")\(fixed(change, 1)) % vs 10 B; \(frames) frames")
            } else {
                log.add(section, "\(label): CPU per frame", frameMicros, "µs", note: "\(frames) frames in 10 s")
            }
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
