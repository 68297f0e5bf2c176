/// A ticker's first frames: how long after its text appears its steps follow the true motion.
/// At a refresh rate other than 60 Hz a ticker that starts from a 60 Hz guess moves too far
/// each vblank until it has measured the period (2.4 × the speed at 144 Hz).
extension Bench {
    func runStartPace(hz: Int, speed: Double = 200, seconds: Double = 2) throws {
        let section = "Smoothness \(hz) Hz"
        let name = "start at \(Int(speed)) px/s"
        guard let run = try launchTickerShowingText(speed: speed) else {
            log.add(section, "\(name): text never shown", nil, "")
            return
        }
        let shown = run.ticker.startTime + run.firstText
        let observation = observer.observe(run.window, seconds: seconds, background: Bench.background)
        run.ticker.terminate()
        guard let period = observation.vblankPeriod else {
            log.add(section, "\(name): no vblank period", nil, "")
            return
        }
        let trueStep = speed * period
        // More than a pixel off is beyond any whole-pixel rounding of a true step over a pixel.
        var lastOff: Double?, offVblanks = 0, judged = 0
        for (before, after) in zip(observation.captures, observation.captures.dropFirst()) {
            guard before.certain, after.certain, let first = before.msc, let second = after.msc, second == first + 1,
                  let step = StepMatcher.fractionalStep(from: before.profile, to: after.profile) else { continue }
            judged += 1
            if abs(step - trueStep) > 1 {
                offVblanks += 1
                lastOff = after.time - shown
            }
        }
        log.add(section, "\(name): last vblank more than 1 px off the true step", (lastOff ?? 0) * 1000, "ms",
                note: "after the text appeared; \(offVblanks) of the first \(judged) vblanks judged were off, true step \(fixed(trueStep, 3)) px")
    }
}
