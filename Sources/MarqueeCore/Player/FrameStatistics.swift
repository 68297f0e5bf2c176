/// Frames shown and vblanks missed while frames ran (`ctl status`, the tests, the benchmark).
public struct FrameStatistics: Equatable, Sendable {
    public private(set) var shown: UInt64 = 0
    /// Vblanks that passed without a new frame while the text was moving.
    public private(set) var missed: UInt64 = 0
    /// Frames that came late, by how many vblanks: `late[0]` by one, `late[1]` by two,
    /// `late[2]` by three or more. A frame late by k left the picture standing k vblanks longer
    /// than it should: one late by more than two is a visible stall.
    public private(set) var late: [UInt64] = [0, 0, 0]
    /// The vblank counter of the last frame while frames run; nil while they are stopped.
    private var lastCounter: UInt64?

    public init() {}

    /// Vblanks between the last frame handed and one for `counter`, while frames run (0 when
    /// they were stopped, or `counter` replaces frames handed).
    public func vblanksSkipped(before counter: UInt64) -> UInt64 {
        guard let lastCounter, counter > lastCounter + 1 else { return 0 }
        return counter - lastCounter - 1
    }

    /// `count` frames handed for vblanks `counter`, `counter` + 1, …. Frames handed before for
    /// `counter` or later are replaced by these (a batch re-planned), so they were never shown.
    public mutating func noteShown(counter: UInt64, count: Int = 1) {
        if let lastCounter {
            if counter > lastCounter + 1 {
                let gap = counter - lastCounter - 1
                missed += gap
                late[Int(min(gap, 3)) - 1] += 1
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
