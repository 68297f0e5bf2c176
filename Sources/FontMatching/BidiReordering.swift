import BidiText
import MarqueeCore

/// The layout's directional runs of right-to-left lines, found by FriBidi (see `BidiText`).
public struct BidiReordering: LineReordering {
    public init() {}

    public func mayNeedReordering(_ text: String) -> Bool { BidiText.mayNeedReordering(text.unicodeScalars) }

    public func directionalRuns(_ scalars: [Unicode.Scalar]) -> [DirectionalRun] {
        BidiText.runs(scalars).map { DirectionalRun(range: $0.range, rightToLeft: $0.rightToLeft) }
    }
}
