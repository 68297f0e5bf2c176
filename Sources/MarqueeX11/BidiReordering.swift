import BidiText
import MarqueeCore

/// The layout's reordering of right-to-left lines, done by FriBidi (see `BidiText`).
struct BidiReordering: LineReordering {
    func mayNeedReordering(_ text: String) -> Bool { BidiText.mayNeedReordering(text.unicodeScalars) }

    func visualLine(_ scalars: [Unicode.Scalar]) -> (scalars: [Unicode.Scalar], logicalIndex: [Int]) {
        BidiText.visualLine(scalars)
    }
}
