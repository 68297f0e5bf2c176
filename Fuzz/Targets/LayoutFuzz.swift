import BidiText
import MarqueeCore
import MarqueeFormats

/// Random text laid out as the ticker does it — markup, FriBidi's directional runs, words cut
/// into pieces, each shaped through the cache, blocks per source — with a fake shaper whose
/// every character has a known width: it finishes, its pieces and chunks are bounded and in
/// order, each chunk's pieces (cut and shaped again from its bytes) fill it exactly, and the
/// cycle is as wide as its messages and separators.
enum LayoutFuzz: FuzzTarget {
    static let name = "layout"

    /// One glyph per character, `(value % 13 + 1) × (slot + 1)` px wide; right to left reversed.
    final class FixedWidths: TextShaper {
        func shape(_ utf8: UnsafeBufferPointer<UInt8>, as run: ShapingRun) -> ShapedText {
            var scalars = Array(String(decoding: utf8, as: UTF8.self).unicodeScalars)
            if run.rightToLeft { scalars.reverse() }
            var pen = 0
            var glyphs: [ShapedGlyph] = []
            for scalar in scalars {
                glyphs.append(ShapedGlyph(font: UInt16(run.font), glyph: scalar.value, x: Int32(pen), y: 0, cluster: 0))
                pen += (Int(scalar.value % 13) + 1) * (run.font + 1) << 6
            }
            return ShapedText(glyphs: glyphs, advance: pen)
        }
    }

    struct Reordering: LineReordering {
        func mayNeedReordering(_ text: String) -> Bool { BidiText.mayNeedReordering(text.unicodeScalars) }
        func directionalRuns(_ scalars: [Unicode.Scalar]) -> [DirectionalRun] {
            BidiText.runs(scalars).map { DirectionalRun(range: $0.range, rightToLeft: $0.rightToLeft) }
        }
    }

    static func run(_ data: [UInt8]) {
        // The first byte picks the settings; the rest, split at NUL, are the messages, and at
        // 0x01 into two sources.
        guard let first = data.first else { return }
        let groups = data.dropFirst().split(separator: 1, omittingEmptySubsequences: false).enumerated().map { index, part in
            MessageGroup(source: "source \(index)", messages: part.split(separator: 0, omittingEmptySubsequences: true)
                .map { Message(TextSanitizer.singleLine(String(decoding: $0, as: UTF8.self)), markup: first & 1 == 0) })
        }
        let settings = LayoutSettings(separator: first & 2 == 0 ? " • " : "%{F#f00} | %{F-}", padding: Int(first >> 4),
                                      interpretsMarkup: first & 4 == 0)
        let cache = ShapeCache(shaper: FixedWidths())
        var builder = CycleLayoutBuilder(groups: groups, settings: settings, reordering: Reordering())
        var turns = 0
        var layout: CycleLayout?
        while layout == nil {
            layout = builder.run(budget: 64, cache: cache)
            turns += 1
            FuzzTargets.require(turns < 1_000_000, "the layout never finishes")
        }
        var end = 0
        for chunk in layout!.chunks {
            FuzzTargets.require(chunk.width >= 0 && chunk.x >= end, "chunk at \(chunk.x) overlaps the one before (\(end))")
            FuzzTargets.require(chunk.pieces.count <= CycleLayoutBuilder.maxChunkPieces, "a chunk of \(chunk.pieces.count) pieces")
            for piece in chunk.pieces {
                FuzzTargets.require(piece.shape.glyphs.count <= 96, "a piece of \(piece.shape.glyphs.count) glyphs")
            }
            // A text chunk's pieces are cut and shaped again from its bytes: they must fill it exactly.
            if let first = chunk.pieces.first, let last = chunk.pieces.last {
                FuzzTargets.require(pixels(first.pen + chunk.penShift) == chunk.x, "a chunk's first piece is not at its start")
                FuzzTargets.require(pixels(last.pen + last.shape.advance + chunk.penShift) == chunk.end,
                                    "a chunk's pieces do not fill its width")
            } else {
                FuzzTargets.require(false, "a chunk without pieces")
            }
            end = chunk.end
        }
        FuzzTargets.require(end <= layout!.width, "chunks end at \(end), beyond the cycle (\(layout!.width))")
        FuzzTargets.require(Array(layout!.messageStarts) == layout!.messageStarts.sorted(), "message starts out of order")
        // Laid out again from it, nothing changed: every block is taken as it is.
        var again = CycleLayoutBuilder(groups: groups, settings: settings, reordering: Reordering(), reusing: layout)
        let same = again.run(budget: 1_000_000, cache: cache)
        FuzzTargets.require(same?.width == layout!.width, "the same messages laid out again to another width")
    }
}
