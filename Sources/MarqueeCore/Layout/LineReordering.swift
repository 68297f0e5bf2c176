/// Finds the runs of one direction in a line of right-to-left or mixed text and the order they
/// are shown in (the Unicode bidi algorithm). The app supplies FriBidi; the shaper then shapes
/// each run in its own direction (mirroring and joining included), so nothing is reordered or
/// shaped character by character here.
public protocol LineReordering: Sendable {
    /// Cheap check: false for text with nothing right-to-left in it (most text), which then
    /// skips the algorithm and is laid out as one left-to-right run.
    func mayNeedReordering(_ text: String) -> Bool
    /// The line's runs, each of one direction, in the order they appear on screen from left to
    /// right. Together they cover every index of `scalars` exactly once.
    func directionalRuns(_ scalars: [Unicode.Scalar]) -> [DirectionalRun]
}

/// Characters `range` (indices into the line, logical order) of one bidi direction.
public struct DirectionalRun: Equatable, Sendable {
    public var range: Range<Int>
    public var rightToLeft: Bool

    public init(range: Range<Int>, rightToLeft: Bool) {
        self.range = range
        self.rightToLeft = rightToLeft
    }
}
