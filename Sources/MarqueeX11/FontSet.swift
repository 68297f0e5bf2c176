import CX11
import MarqueeCore

/// The fonts a ticker draws with: one slot per `--font` pattern (slot 0 is the first pattern,
/// slot n the (n+1)-th; status-bar markup `%{T2}` selects slot 1). Each slot draws every
/// character with a font that has it: its own best match first, then fontconfig's fallback
/// order (CJK, colour emoji, icon fonts), each character looked up once and cached.
///
/// Measuring and drawing go through the same choice of font and glyph, so a fallback glyph is
/// drawn at exactly the advance the layout measured.
public final class FontSet: GlyphMeasurer {
    private let connection: XConnection
    private let slots: [FontSlot]

    /// Opens every slot's best match, with a warning for each family that is not installed
    /// (fontconfig then substitutes another).
    /// Sizes in points become pixels at `dpi` (the desktop's, 96 by default).
    public static func open(patterns: [String], dpi: Double = DesktopPreferences.referenceDPI,
                            on connection: XConnection) throws(FontPatternError) -> (FontSet, warnings: [String]) {
        guard !patterns.isEmpty else { throw FontPatternError(pattern: "") }
        var slots: [FontSlot] = []
        var warnings: [String] = []
        for text in patterns {
            let request = try FontRequest(pattern: text, dpi: dpi, on: connection)
            guard let primary = request.openBestMatch() else { throw FontPatternError(pattern: text) }
            if let warning = request.missingFamilyWarning(opened: primary) { warnings.append(warning) }
            slots.append(FontSlot(request: request, primary: primary, on: connection))
        }
        return (FontSet(connection: connection, slots: slots), warnings)
    }

    private init(connection: XConnection, slots: [FontSlot]) {
        self.connection = connection
        self.slots = slots
    }

    public var slotCount: Int { slots.count }

    /// Vertical metrics of slot 0: every slot and fallback font is drawn on its baseline.
    public var ascent: Int { Int(slots[0].primary.pointee.ascent) }
    public var descent: Int { Int(slots[0].primary.pointee.descent) }
    public var height: Int { ascent + descent }

    @inline(__always)
    private func slot(_ number: Int) -> FontSlot {
        slots[number >= 0 && number < slots.count ? number : 0]
    }

    /// Advance in whole pixels of the glyph that draws `scalar` in slot `slot` (out-of-range slot
    /// → slot 0), fallback included.
    public func advance(of scalar: Unicode.Scalar, font slot: Int) -> Int {
        let slot = self.slot(slot)
        let choice = slot.choice(for: scalar)
        if choice.drawsNothing { return 0 }
        var glyph = FT_UInt(choice.glyph)
        var info = XGlyphInfo()
        XftGlyphExtents(connection.display, choice.font, &glyph, 1, &info)
        return Int(info.xOff)
    }

    /// The font and glyph index that draw `scalar` (fallback resolved, cached). A character no
    /// installed font has: the slot's own font (its missing-glyph box); a default-ignorable one
    /// (a variation selector, a joiner) no font has: the slot's space, which draws nothing.
    @inline(__always)
    func glyph(for scalar: Unicode.Scalar, font slot: Int) -> (font: UnsafeMutablePointer<XftFont>, index: FT_UInt) {
        let choice = self.slot(slot).choice(for: scalar)
        return (choice.font!, FT_UInt(choice.glyph))
    }

    /// Number of fontconfig fallback searches so far (tests prove caching, misses included).
    public var fallbackSearches: Int { slots.reduce(0) { $0 + $1.fallbackSearches } }

    /// Family of the font that draws `scalar` in `slot` (tests, diagnostics).
    public func family(drawing scalar: Unicode.Scalar, font slot: Int) -> String {
        let font = self.slot(slot).choice(for: scalar).font
        return FontconfigPattern.families(of: font?.pointee.pattern).first ?? "unknown"
    }

    /// Slot 0's own font (tests draw reference text with it).
    var primaryFont: UnsafeMutablePointer<XftFont> { slots[0].primary }
}
