import MarqueeCore

/// A font where every character has a known width: 'i' 3 px, 'W' 15 px, space 4 px, others 8 px.
/// Deliberately proportional, so a monospace assumption would fail the tests. Font slot n
/// multiplies every width by n + 1, so a run in the second font measures twice as wide. Each
/// character is one glyph whose id is the character's code point, so tests can read the layout
/// back as text; a right-to-left piece comes back reversed, as a shaper returns it.
final class FakeShaper: TextShaper {
    /// Pieces shaped.
    private(set) var calls = 0

    static func width(of scalar: Unicode.Scalar, font: Int) -> Int {
        let width: Int
        switch scalar {
        case "i": width = 3
        case "W": width = 15
        case " ": width = 4
        default: width = 8
        }
        return width * (font + 1)
    }

    func shape(_ utf8: UnsafeBufferPointer<UInt8>, as run: ShapingRun) -> ShapedText {
        calls += 1
        var characters: [(scalar: Unicode.Scalar, cluster: Int)] = []
        var offset = 0
        for scalar in String(decoding: utf8, as: UTF8.self).unicodeScalars {
            characters.append((scalar, offset))
            offset += String(scalar).utf8.count
        }
        if run.rightToLeft { characters.reverse() }
        var glyphs: [ShapedGlyph] = []
        var pen = 0
        for (scalar, cluster) in characters {
            glyphs.append(ShapedGlyph(font: UInt16(run.font), glyph: scalar.value, x: Int32(pen), y: 0, cluster: UInt32(cluster)))
            pen += Self.width(of: scalar, font: run.font) << 6
        }
        return ShapedText(glyphs: glyphs, advance: pen)
    }
}

extension CycleLayoutBuilder {
    static func layout(_ messages: [String], separator: String = " | ") -> CycleLayout {
        layout(messages: messages, separator: separator, cache: ShapeCache(shaper: FakeShaper()))
    }
}

extension CycleLayout {
    /// What a chunk draws, read back from the fake glyphs (each glyph id is its character).
    func drawnText(of chunk: PlacedChunk) -> String {
        var text = ""
        for piece in chunk.pieces {
            for glyph in piece.shape.glyphs { text.unicodeScalars.append(Unicode.Scalar(glyph.glyph)!) }
        }
        return text
    }

    /// Every glyph of the cycle, left to right.
    var glyphCount: Int { pieces.reduce(0) { $0 + $1.shape.glyphs.count } }
}

/// The fake font, noting every piece it is asked to shape (with a shape cache that keeps
/// nothing, every piece placed or drawn).
final class RecordingShaper: TextShaper {
    private let font = FakeShaper()
    private(set) var pieces: [String] = []

    func shape(_ utf8: UnsafeBufferPointer<UInt8>, as run: ShapingRun) -> ShapedText {
        pieces.append(String(decoding: utf8, as: UTF8.self))
        return font.shape(utf8, as: run)
    }

    func clear() { pieces.removeAll() }
}
