/// 500 width changes in 5 s, as a user dragging the window edge would make: every frame must
/// cover the whole window, and Present must keep its pace.
extension Bench {
    func runResizeStorm(changes: Int = 500, seconds: Double = 5) throws {
        let section = "Resize storm"
        guard let run = try launchTickerShowingText() else {
            log.add(section, "ticker did not show text", nil, "")
            return
        }
        defer { run.ticker.terminate() }
        BenchClock.sleep(0.5)
        let slot = seconds / Double(changes)
        var lastSlot = -1
        var checked = 0, gapFrames = 0, widestGap = 0
        let window = run.window
        let observation = observer.observe(window, seconds: seconds + slot, readPixels: false) { [observer] elapsed in
            let current = Int(elapsed / slot)
            guard current > lastSlot else { return }
            // Just before the next change: has the ticker painted every column of the last one?
            if lastSlot >= 0, let capture = observer.capture(window, background: Bench.background) {
                checked += 1
                if capture.gapColumns > 0 { gapFrames += 1 }
                widestGap = max(widestGap, capture.gapColumns)
            }
            lastSlot = current
            guard current < changes else { return }
            // Widths swing between 640 and 1920 px in uneven steps.
            let width = 640 + (current * 397) % 1281
            observer.resize(window, width: width, height: Bench.barHeight)
        }
        let pacing = PacingFigures(observation, period: 1.0 / 60)
        log.add(section, "frames showing a gap", Double(gapFrames), "", target: "0", met: gapFrames == 0,
                note: "\(changes) width changes in \(Int(seconds)) s; \(checked) pictures read \(Int(slot * 1000)) ms after each change; widest gap \(widestGap) px")
        log.add(section, "frames missed", Double(pacing.framesMissed), "", note: "\(pacing.framesShown) frames shown")
    }
}
