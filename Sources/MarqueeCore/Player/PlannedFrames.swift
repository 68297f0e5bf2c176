/// The frames last handed to the display: `count` frames from `firstTime`, one per `period`.
/// What stands on screen at a moment is one of them (the display shows each at its vblank), and
/// the first of them still to come is the earliest that can change.
public struct PlannedFrames: Equatable, Sendable {
    public let firstTime: Double
    public let period: Double
    public let count: Int

    public init(firstTime: Double, period: Double, count: Int) {
        self.firstTime = firstTime
        self.period = max(period, 1e-6)
        self.count = max(1, count)
    }

    public var lastTime: Double { time(of: count - 1) }

    public func time(of index: Int) -> Double { firstTime + Double(index) * period }

    /// The index of the frame on screen at `time`: the last one whose vblank has come (nil before the first).
    public func shownIndex(at time: Double) -> Int? {
        guard time >= firstTime else { return nil }
        // A hair of tolerance: a time computed as a vblank's own is that vblank's frame.
        return min(count - 1, Int(((time - firstTime) / period + 1e-6).rounded(.down)))
    }

    /// The vblank time of the frame on screen at `time` when it is one of the batch's later frames,
    /// which the display shows without the player hearing of it; nil for the first or none.
    public func laterFrameShown(at time: Double) -> Double? {
        guard count > 1, let index = shownIndex(at: time), index > 0 else { return nil }
        return self.time(of: index)
    }

    /// The time of the first handed frame still to be shown after `time` (nil: all shown). It may
    /// already be on its way to the screen, so nothing planned later may step back from it.
    public func nextTime(after time: Double) -> Double? {
        guard time < lastTime else { return nil }
        guard time >= firstTime else { return firstTime }
        let index = Int(((time - firstTime) / period).rounded(.down)) + 1
        return self.time(of: min(index, count - 1))
    }
}
