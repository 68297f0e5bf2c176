/// Where glyph advances come from: Xft on the real fonts in the app, a fake in unit tests.
public protocol GlyphMeasurer: AnyObject {
    /// Horizontal advance in whole pixels of the glyph that will draw `scalar` in font slot `font`
    /// (0: the first `--font`), whichever font actually has the character.
    func advance(of scalar: Unicode.Scalar, font: Int) -> Int
}

/// Caches advances so that laying out megabytes of text asks the fonts only once per character.
///
/// Slot 0's scalars below `directLimit` live in a flat array (one load per character for Latin,
/// Greek, Cyrillic, punctuation); the rest in a dictionary. Advances are cached per scalar because
/// the renderer places glyphs itself, at exactly these advances, so measurement and drawing agree.
public final class AdvanceCache {
    private static let directLimit = 0x800
    private var direct: [Int32]
    private var other: [UInt64: Int32] = [:]
    private let measurer: GlyphMeasurer

    public init(measurer: GlyphMeasurer) {
        self.measurer = measurer
        direct = Array(repeating: -1, count: Self.directLimit)
    }

    @inline(__always)
    public func advance(of scalar: Unicode.Scalar, font: Int = 0) -> Int {
        let value = scalar.value
        if font == 0 && value < UInt32(Self.directLimit) {
            let cached = direct[Int(value)]
            if cached >= 0 { return Int(cached) }
            let measured = max(0, measurer.advance(of: scalar, font: 0))
            direct[Int(value)] = Int32(clamping: measured)
            return measured
        }
        let key = UInt64(UInt32(truncatingIfNeeded: font)) << 32 | UInt64(value)
        if let cached = other[key] { return Int(cached) }
        let measured = max(0, measurer.advance(of: scalar, font: font))
        other[key] = Int32(clamping: measured)
        return measured
    }

    /// Sum of advances, in Swift `Int` (Xft's own extents are 16-bit and wrap on long text).
    public func width<S: Sequence>(of scalars: S, font: Int = 0) -> Int where S.Element == Unicode.Scalar {
        var total = 0
        for scalar in scalars { total += advance(of: scalar, font: font) }
        return total
    }
}
