import Glibc

/// Sub-pixel smoothness at one refresh rate, read from the pixels of each frame: at each speed,
/// every vblank's step against speed × the measured vblank period, and the moving text's
/// sharpness against the same text standing still.
extension Bench {
    /// The speeds the issues name, at every refresh rate: a calm reading speed, speeds whose step
    /// is a fraction of a pixel, the default, and a fast one (3⅓ px a frame at 60 Hz).
    static func smoothnessSpeeds(hz: Int) -> [Double] { [20, 100, 120, 200] }

    func runSmoothness(hz: Int, seconds: Double = 6) throws {
        let section = "Smoothness \(hz) Hz"
        let standing = try standingSharpness()
        if standing == nil { log.add(section, "standing text never shown: no crispness", nil, "") }
        // Builds with sub-pixel motion can be asked for whole-pixel steps: measured beside them.
        let variants: [(label: String, extra: [String], judged: Bool)] =
            [("", [], true)] + (acceptsOption("--subpixel") ? [(" (--subpixel off)", ["--subpixel", "off"], false)] : [])
        for speed in Self.smoothnessSpeeds(hz: hz) {
            for variant in variants {
                let name = "\(Int(speed)) px/s\(variant.label)"
                guard let run = try launchTickerShowingText(speed: speed, extra: variant.extra) else {
                    log.add(section, "\(name): text never shown", nil, "")
                    continue
                }
                // Past the start, where the ticker may still be learning the refresh period.
                BenchClock.sleep(2)
                let observation = observer.observe(run.window, seconds: seconds, background: Bench.background)
                run.ticker.terminate()
                if getenv("XMARQUEE_BENCH_DEBUG") != nil { Self.printSteps(observation, speed: speed) }
                report(SmoothnessFigures(observation, speed: speed), name: name, standing: standing,
                       judged: variant.judged, section: section)
            }
        }
    }

    private func report(_ figures: SmoothnessFigures, name: String, standing: Double?, judged: Bool, section: String) {
        let setting = figures.trueStep.map { "true step \(fixed($0, 3)) px (vblank \(fixed((figures.period ?? 0) * 1000, 2)) ms)" } ?? "no vblank period"
        let rms = figures.rmsError
        log.add(section, "\(name): RMS of each vblank's step off speed × period", rms, "px",
                target: judged ? "≤ 0.10 px" : "", met: judged ? rms.map { $0 <= 0.10 } : nil,
                note: "\(setting); presented as pixmaps: \(figures.presentedPixmapPercent.map { fixed($0, 0) + " %" } ?? "n/a"); \(figures.steps.count) vblanks judged (pairs not judged: \(figures.unreadPairs) unreadable, \(figures.uncertainPairs) read late, \(figures.missedPairs) across a missed vblank); steps \(figures.rhythm)")
        let within = figures.withinTolerancePercent
        log.add(section, "\(name): vblanks within 0.15 px", within, "%",
                target: judged ? "≥ 90 %" : "", met: judged ? within.map { $0 >= 90 } : nil)
        let crispness = figures.sharpness.flatMap { moving in standing.map { moving / $0 } }
        log.add(section, "\(name): crispness (moving ÷ standing)", crispness, "×",
                target: judged ? "≥ 0.85" : "", met: judged ? crispness.map { $0 >= 0.85 } : nil,
                note: "mean horizontal luminance gradient per unit of ink, over every frame read; blurriest tenth of the frames below "
                    + (figures.lowestDecileSharpness.flatMap { low in standing.map { fixed(low / $0, 3) } } ?? "n/a"))
    }

    /// The sharpness of the text at speed 0 (median of a few reads), or nil if it never shows.
    private func standingSharpness() throws -> Double? {
        guard let run = try launchTickerShowingText(speed: 0) else { return nil }
        defer { run.ticker.terminate() }
        BenchClock.sleep(0.5)
        let reads = (0..<3).compactMap { _ in observer.capture(run.window, background: Bench.background)?.sharpness }
        return Statistics.median(reads)
    }

    /// Every judged pair for diagnosis: vblanks spanned, step read, the capture's msc.
    private static func printSteps(_ observation: PixelObserver.Observation, speed: Double) {
        let pairs = zip(observation.captures, observation.captures.dropFirst()).prefix(120).map { before, after in
            let step = StepMatcher.fractionalStep(from: before.profile, to: after.profile).map { fixed($0, 2) } ?? "?"
            return "\((after.msc ?? 0) &- (before.msc ?? 0))v:\(step)\(after.certain ? "" : "~")"
        }
        let mscs = observation.captures.compactMap(\.msc)
        print("    \(Int(speed)) px/s, \(observation.captures.count) captures over msc \(mscs.first ?? 0)→\(mscs.last ?? 0), \(observation.shownVblanks.count) vblanks: " + pairs.joined(separator: " "))
    }

    /// Whether the xmarquee under test lists `option` in its help (older builds lack newer options).
    func acceptsOption(_ option: String) -> Bool {
        ChildProcess.output(of: xmarquee, ["--help"]).text.contains(option)
    }

    /// The fractional-step reader on lines whose shift is known: the smoothness figures are
    /// only as exact as this.
    func runSubpixelSelfCheck() {
        let checks = [("synthetic area-sampled strokes", SubpixelSelfCheck.strokes()),
                      ("DejaVu Sans rendered by FreeType at each phase", SubpixelSelfCheck.glyphs())]
        for (lines, check) in checks {
            guard let check else {
                log.add("Smoothness", "step reader on \(lines): font not found", nil, "")
                continue
            }
            log.add("Smoothness", "step reader's RMS error on \(lines)", check.rmsError, "px",
                    target: "≤ 0.01 px", met: check.rmsError <= 0.01 && check.unread == 0,
                    note: "max \(fixed(check.maxError, 3)) px over \(check.trials) shifts (\(check.unread) unread)")
        }
        runCrispnessSelfCheck()
    }

    /// What the crispness figure gives for glyphs rendered at each of 8 phases (what a
    /// sub-pixel rasterizer shows) and for whole-pixel text resampled to the same phases (the
    /// blur the issue rules out): the figure is only useful if it tells the two apart.
    private func runCrispnessSelfCheck() {
        guard let line = GlyphLine() else { return }
        let text = TextFixtures.headlineLines.joined(separator: "   ")
        let standing = line.image(text, start: 8, width: SubpixelSelfCheck.width)
        let reference = GlyphLine.sharpness(standing)
        guard reference > 0 else { return }
        let phases = (0..<8).map { Double($0) / 8 }
        let rendered = phases.map { GlyphLine.sharpness(line.image(text, start: 8 - $0, width: SubpixelSelfCheck.width)) / reference }
        let resampled = phases.map { GlyphLine.sharpness(GlyphLine.resampled(standing, by: $0)) / reference }
        let mean = { (values: [Double]) in values.reduce(0, +) / Double(values.count) }
        log.add("Smoothness", "crispness of glyphs rendered at 8 phases (FreeType, DejaVu Sans 16 px)", mean(rendered), "×",
                note: "mean over the phases; lowest \(fixed(rendered.min() ?? 0, 3)) (what sub-pixel frames can reach)")
        log.add("Smoothness", "crispness of whole-pixel text resampled to 8 phases (linear)", mean(resampled), "×",
                note: "lowest \(fixed(resampled.min() ?? 0, 3)), at half a pixel (the blur the figure must catch)")
    }
}
