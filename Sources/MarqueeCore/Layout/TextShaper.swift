/// Turns text into positioned glyphs: HarfBuzz on the real fonts in the app (font fallback per
/// grapheme cluster, kerning, ligatures, marks, contextual forms), a fake in unit tests.
///
/// The layout hands it short pieces of one message: a word or a run of spaces, in one style
/// and one direction. Whatever fonts and scripts a piece needs is the shaper's business.
public protocol TextShaper: AnyObject {
    /// Shapes `utf8` (valid UTF-8, logical order, no control characters) as one run.
    /// The glyphs come back in visual order, left to right on screen.
    func shape(_ utf8: UnsafeBufferPointer<UInt8>, as run: ShapingRun) -> ShapedText
}

extension TextShaper {
    /// Shapes a whole string as one run (tests, single characters).
    public func shape(_ text: String, as run: ShapingRun = ShapingRun()) -> ShapedText {
        var text = text
        return text.withUTF8 { shape($0, as: run) }
    }
}

/// What besides the characters decides how a piece is shaped.
public struct ShapingRun: Hashable, Sendable {
    /// Font slot: 0 is the first `--font`, 1 the second (`%{T2}`).
    public var font: Int
    /// Shaped right to left (an odd bidi level): glyphs mirrored and joined for that direction.
    public var rightToLeft: Bool
    /// Tabular digits (OpenType `tnum`): every digit one width, so a clock never changes width.
    public var tabularDigits: Bool

    public init(font: Int = 0, rightToLeft: Bool = false, tabularDigits: Bool = false) {
        self.font = font
        self.rightToLeft = rightToLeft
        self.tabularDigits = tabularDigits
    }
}

/// One glyph of a shaped piece. Positions are in 26.6 fixed point (1/64 px) from the piece's
/// pen origin, so pieces can be placed at any sub-pixel pen position and each glyph rounded
/// once, where it is drawn: nothing drifts however long the line.
public struct ShapedGlyph: Equatable, Sendable {
    /// The shaper's number for the font that draws it (fallback fonts included).
    public var font: UInt16
    /// Glyph index in that font (not a character).
    public var glyph: UInt32
    /// Where the glyph is drawn: the pen position plus HarfBuzz's x offset, in 1/64 px.
    public var x: Int32
    /// HarfBuzz's y offset in 1/64 px, upwards (marks raised over their base).
    public var y: Int32
    /// Byte offset in the piece of the first character of the glyph's cluster.
    public var cluster: UInt32

    public init(font: UInt16, glyph: UInt32, x: Int32, y: Int32, cluster: UInt32) {
        self.font = font
        self.glyph = glyph
        self.x = x
        self.y = y
        self.cluster = cluster
    }
}

/// A shaped piece: its glyphs in visual order and its advance, both in 1/64 px. Immutable and
/// shared: every occurrence of the same word in the same run draws from one instance.
public final class ShapedText: Sendable {
    public let glyphs: [ShapedGlyph]
    public let advance: Int

    public init(glyphs: [ShapedGlyph], advance: Int) {
        self.glyphs = glyphs
        self.advance = advance
    }

    public static let empty = ShapedText(glyphs: [], advance: 0)

    /// What it holds in memory: the object, its glyph array's storage and malloc's headers.
    public var byteCount: Int {
        Self.objectBytes + ShapeCache.arrayHeaderBytes + glyphs.count * MemoryLayout<ShapedGlyph>.stride
    }

    private static let objectBytes = 48
}
