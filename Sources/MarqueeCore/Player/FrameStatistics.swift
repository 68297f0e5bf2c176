/// Frames shown and vblanks missed while frames ran (`ctl status`, the tests, the benchmark).
public struct FrameStatistics: Equatable, Sendable {
    public private(set) var shown: UInt64 = 0
    /// Vblanks that passed without a new frame while the text was moving.
    public private(set) var missed: UInt64 = 0
    /// The vblank counter of the last frame while frames run; nil while they are stopped.
    private var lastCounter: UInt64?

    public init() {}

    public mutating func noteShown(counter: UInt64) {
        shown += 1
        if let lastCounter, counter > lastCounter + 1 { missed += counter - lastCounter - 1 }
        lastCounter = counter
    }

    /// Frames stopped on purpose: the gap until they start again is not missed frames.
    public mutating func noteStopped() { lastCounter = nil }
}
