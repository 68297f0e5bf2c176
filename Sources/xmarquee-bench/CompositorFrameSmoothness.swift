/// How truly the text moves in a compositor's output, read from every frame the compositor
/// presents on the X server it is nested on: each frame's step (to a fraction of a pixel,
/// `StepMatcher.fractionalStep`) against speed × the compositor's frame period.
///
/// The compositor's frames are its presented pixmaps' completions; its refresh is their usual
/// distance in the X server's vblanks (KWin nested: two). Each picture is placed by the
/// completion of the frame it shows, not by when it was read (the observer may read a frame
/// late): the observer labels a picture with the last completion before it, plus one when the
/// window changed after that completion, and the frame shown is then the next completion's.
/// Pairs of pictures of consecutive frames one refresh apart are judged; pairs with a frame
/// between them that the observer did not read, and frames presented further apart or closer
/// than the refresh (the compositor missed its time: what was queued shows late, whoever queued
/// it), are counted apart.
struct CompositorFrameSmoothness: JudgedSteps {
    var framePeriod: Double?
    var trueStep: Double?
    var steps: [Double] = []
    /// Pictures read, and the frames presented meanwhile.
    var pictures = 0
    var framesPresented = 0
    /// Pairs the pixels could not be matched for, pictures read while the window changed or not
    /// placed on a frame, pairs with an unread frame between them, and pairs not one refresh
    /// apart.
    var unreadPairs = 0
    var uncertainPairs = 0
    var skippedFramePairs = 0
    var missedRefreshPairs = 0

    init(_ observation: PixelObserver.Observation, speed: Double) {
        var seen = Set<UInt64>()
        let frames = observation.completions.filter { $0.pixmap && !$0.skipped && seen.insert($0.msc).inserted }.sorted { $0.msc < $1.msc }
        framesPresented = frames.count
        // The compositor's refresh in the X server's vblanks (KWin nested: every second one).
        let pairs = zip(frames, frames.dropFirst())
        let vblanksPerFrame = Statistics.median(pairs.map { Int($1.msc - $0.msc) }) ?? 1
        framePeriod = Statistics.median(pairs.filter { $1.msc - $0.msc == vblanksPerFrame }.map { Double($1.ust &- $0.ust) / 1e6 })
        trueStep = framePeriod.map { speed * $0 }
        pictures = observation.captures.count
        guard let framePeriod else { return }
        // Each picture's frame: the first presented at or after its label.
        var placed: [(frame: Int, capture: PixelObserver.Capture)] = []
        for capture in observation.captures {
            guard capture.certain, let label = capture.msc, let frame = frames.firstIndex(where: { $0.msc >= label }) else {
                uncertainPairs += 1
                continue
            }
            // Read twice (a repaint of the same frame): the later reading stands.
            if placed.last?.frame == frame { placed.removeLast() }
            placed.append((frame, capture))
        }
        for (before, after) in zip(placed, placed.dropFirst()) {
            guard after.frame == before.frame + 1 else {
                skippedFramePairs += 1
                continue
            }
            guard frames[after.frame].msc - frames[before.frame].msc == vblanksPerFrame else {
                missedRefreshPairs += 1
                continue
            }
            guard let step = StepMatcher.fractionalStep(from: before.capture.profile, to: after.capture.profile) else {
                unreadPairs += 1
                continue
            }
            steps.append(step)
        }
    }
}
