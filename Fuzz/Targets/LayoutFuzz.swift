import BidiText
import MarqueeCore

/// Random text laid out as the ticker does — markup, bidi reordering (FriBidi) and the
/// separator — with a fake font where every character has a known width: it finishes, and its
/// chunks lie inside the text. The shaped layout takes this harness over when it lands.
enum LayoutFuzz: FuzzTarget {
    static let name = "layout"

    final class FixedWidths: GlyphMeasurer {
        func advance(of scalar: Unicode.Scalar, font: Int) -> Int { (Int(scalar.value % 13) + 1) * (font + 1) }
    }

    struct Reordering: LineReordering {
        func mayNeedReordering(_ text: String) -> Bool { BidiText.mayNeedReordering(text.unicodeScalars) }
        func visualLine(_ scalars: [Unicode.Scalar]) -> (scalars: [Unicode.Scalar], logicalIndex: [Int]) {
            BidiText.visualLine(scalars)
        }
    }

    static func run(_ data: [UInt8]) {
        // The first byte picks the settings; the rest, split at NUL, are the messages.
        guard let first = data.first else { return }
        let messages = data.dropFirst().split(separator: 0, omittingEmptySubsequences: true)
            .map { Message(TextSanitizer.singleLine(String(decoding: $0, as: UTF8.self)), markup: first & 1 == 0) }
        let settings = LayoutSettings(separator: first & 2 == 0 ? " • " : "%{F#f00} | %{F-}", padding: Int(first >> 4),
                                      interpretsMarkup: first & 4 == 0)
        var builder = CycleLayoutBuilder(messages: messages, settings: settings, reordering: Reordering())
        let cache = AdvanceCache(measurer: FixedWidths())
        var turns = 0
        var layout: CycleLayout?
        while layout == nil {
            layout = builder.run(budget: 64, cache: cache)
            turns += 1
            FuzzTargets.require(turns < 1_000_000, "the layout never finishes")
        }
        for chunk in layout!.chunks {
            FuzzTargets.require(chunk.width >= 0 && chunk.bytes.upperBound <= layout!.text.count, "chunk \(chunk) outside the text")
        }
        FuzzTargets.require(layout!.width >= 0, "a cycle \(layout!.width) wide")
    }
}
