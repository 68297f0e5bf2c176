/// How truly the text moves, read from the pixels of every frame: each vblank's step (to a
/// fraction of a pixel, `StepMatcher.fractionalStep`) against the true motion, speed × the
/// measured vblank period, and how sharp the moving text stays.
struct SmoothnessFigures: JudgedSteps {

    /// Seconds between vblanks, from Present's timestamps.
    var period: Double?
    /// speed × period: where the text should be one vblank later.
    var trueStep: Double?
    /// The step the eye got at each judged vblank, in order.
    var steps: [Double] = []
    /// Frame pairs the pixels could not be matched for, pairs read too late to tell which vblank
    /// they show, and pairs across a vblank the ticker missed (load on the machine: the pacing
    /// figures count those).
    var unreadPairs = 0
    var uncertainPairs = 0
    var missedPairs = 0
    /// Mean of the captures' sharpness (horizontal gradient per unit of ink), and the sharpness
    /// the blurriest tenth of them stay above (resampled text loses most at half a pixel, which
    /// a mean over all phases can hide).
    var sharpness: Double?
    var lowestDecileSharpness: Double?
    /// Percentage of the shown vblanks whose frame was a presented pixmap (tear-free presenting)
    /// rather than drawn straight into the window.
    var presentedPixmapPercent: Double?

    init(_ observation: PixelObserver.Observation, speed: Double) {
        period = observation.vblankPeriod
        let shown = observation.shownVblanks
        if !shown.isEmpty {
            let pixmaps = Set(observation.completions.filter(\.pixmap).map(\.msc))
            presentedPixmapPercent = 100 * Double(shown.filter { pixmaps.contains($0.msc) }.count) / Double(shown.count)
        }
        trueStep = period.map { speed * $0 }
        let sharpnesses = observation.captures.compactMap(\.sharpness)
        sharpness = sharpnesses.isEmpty ? nil : sharpnesses.reduce(0, +) / Double(sharpnesses.count)
        lowestDecileSharpness = Statistics.percentile(sharpnesses, 10)
        let told = Set(shown.map(\.msc))
        // Pictures read more than once for one vblank (a repaint of the same frame by the server,
        // as when a compositing manager stops and the window is unredirected): the vblank's
        // picture is the last of them, the one that stood; an earlier one paired with it would
        // read as a step of 0 at that vblank and the real step as no step at all.
        let captures = observation.captures
        let pictures = captures.indices.filter { $0 + 1 == captures.count || captures[$0].msc == nil
            || captures[$0 + 1].msc != captures[$0].msc }.map { captures[$0] }
        for (before, after) in zip(pictures, pictures.dropFirst()) {
            guard before.certain, after.certain, let first = before.msc, let second = after.msc, second > first else {
                uncertainPairs += 1
                continue
            }
            guard let step = StepMatcher.fractionalStep(from: before.profile, to: after.profile) else {
                unreadPairs += 1
                continue
            }
            // The observer reads every frame that reaches the window: where the ticker was told
            // of the vblanks between two pictures and drew nothing, it kept the picture, and the
            // eye saw no motion there. Without their completions it missed them: not judged.
            guard (first + 1..<second).allSatisfy(told.contains) else {
                missedPairs += 1
                continue
            }
            steps += [Double](repeating: 0, count: Int(second - first) - 1) + [step]
        }
    }
}
