/// Frame pacing of one observed run: what Present showed when, and how far the pixels moved.
struct PacingFigures {
    var framesShown = 0
    var framesMissed = 0
    var intervalP50ms: Double?
    var intervalP99ms: Double?
    var medianStep: Double?
    /// Frames whose step (read from the pixels) differs from the median step.
    var judderFrames = 0
    var judgedFrames = 0
    /// Frame pairs the pixels could not be matched for (content swap, resize).
    var unreadablePairs = 0
    /// Presents the server skipped because a second one targeted the same vblank.
    var skippedPresents = 0
    /// The frames off the median, for diagnosis (XMARQUEE_BENCH_DEBUG=1 prints them).
    var offMedian: [String] = []

    var judderPercent: Double? { judgedFrames > 0 ? 100 * Double(judderFrames) / Double(judgedFrames) : nil }

    /// - Parameter period: the refresh (or, without Present, the program's own) frame period in seconds.
    init(_ observation: PixelObserver.Observation, period: Double) {
        let shown = observation.shownVblanks
        var intervals: [Double]
        if !shown.isEmpty {
            // Present counts the vblanks: a frame missed is a vblank the client did not present
            // at (an msc step over 1), however late the server's own vblank timer ran.
            framesShown = shown.count
            intervals = zip(shown, shown.dropFirst()).map { Double($1.ust &- $0.ust) / 1e6 }
            skippedPresents = observation.completions.filter(\.skipped).count
            framesMissed = skippedPresents + zip(shown, shown.dropFirst()).map { Int($1.msc - $0.msc) - 1 }.reduce(0, +)
        } else {
            // No Present (Tickr): when the damage reached the observer, against the median
            // interval, since Tickr keeps its own timer.
            framesShown = observation.damageTimes.count
            intervals = zip(observation.damageTimes, observation.damageTimes.dropFirst()).map { $1 - $0 }
            let reference = Statistics.median(intervals) ?? period
            framesMissed = intervals.filter { $0 > 1.5 * reference }.count
        }
        intervalP50ms = Statistics.percentile(intervals, 50).map { $0 * 1000 }
        intervalP99ms = Statistics.percentile(intervals, 99).map { $0 * 1000 }
        judgeSteps(observation.captures)
    }

    private mutating func judgeSteps(_ captures: [PixelObserver.Capture]) {
        struct Pair { var step: Double; var frames: Int; var certain: Bool }
        var pairs: [Pair] = []
        for (before, after) in zip(captures, captures.dropFirst()) {
            guard let step = StepMatcher.fractionalStep(from: before.profile, to: after.profile) else {
                unreadablePairs += 1
                continue
            }
            var frames = 1
            if let first = before.msc, let second = after.msc { frames = Int(second) - Int(first) }
            pairs.append(Pair(step: step, frames: frames, certain: before.certain && after.certain))
        }
        let singles = pairs.filter { $0.frames == 1 && $0.certain }.map(\.step)
        guard let median = Statistics.median(singles.isEmpty ? pairs.map(\.step) : singles) else { return }
        medianStep = median
        // Steps are read to a fraction of a pixel: "the median step" means within the
        // smoothness figures' tolerance of it.
        func matches(_ step: Double, frames: Int) -> Bool {
            abs(step - Double(frames) * median) <= stepTolerance
        }
        for pair in pairs where pair.frames > 0 || pair.step != 0 {
            let framesShown = median > 0 ? Int((pair.step / median).rounded()) : 0
            if matches(pair.step, frames: pair.frames) {
                judgedFrames += pair.frames
            } else if !pair.certain, framesShown >= 1, matches(pair.step, frames: framesShown) {
                // A frame arrived while the image was being read: the picture is of a later frame.
                judgedFrames += framesShown
            } else {
                judderFrames += 1
                judgedFrames += max(pair.frames, 1)
                offMedian.append("step \(fixed(pair.step, 2)) over \(pair.frames) frame(s)\(pair.certain ? "" : ", read late")")
            }
        }
    }
}
