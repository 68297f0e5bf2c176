/// Frames shown and vblanks missed while frames ran (`ctl status`, the tests, the benchmark).
public struct FrameStatistics: Equatable, Sendable {
    public private(set) var shown: UInt64 = 0
    /// Vblanks that passed without a new frame while the text was moving.
    public private(set) var missed: UInt64 = 0
    /// The vblank counter of the last frame while frames run; nil while they are stopped.
    private var lastCounter: UInt64?

    public init() {}

    /// `count` frames handed for vblanks `counter`, `counter` + 1, …. Frames handed before for
    /// `counter` or later are replaced by these (a batch re-planned), so they were never shown.
    public mutating func noteShown(counter: UInt64, count: Int = 1) {
        if let lastCounter {
            if counter > lastCounter + 1 {
                missed += counter - lastCounter - 1
            } else if counter <= lastCounter {
                shown -= min(shown, lastCounter - counter + 1)
            }
        }
        shown += UInt64(max(1, count))
        lastCounter = counter + UInt64(max(1, count)) - 1
    }

    /// Frames stopped on purpose: the gap until they start again is not missed frames.
    public mutating func noteStopped() { lastCounter = nil }
}
