import CX11

/// One font slot of a `FontSet`: the font its pattern matched (the primary) and the fonts found
/// for characters the primary lacks. Every character's choice of font and glyph is cached, a
/// character no font has included, so fontconfig is searched at most once per character.
final class FontSlot {
    /// Which font draws a character, and with which glyph.
    struct GlyphChoice {
        /// The primary or one of this slot's fallback fonts; nil until looked up.
        var font: UnsafeMutablePointer<XftFont>?
        var glyph: UInt32
        /// A default-ignorable character (a variation selector, a joiner, a tag) that no font
        /// has: drawn as nothing, with no advance, rather than as a missing-glyph box.
        var drawsNothing: Bool
    }

    /// Below this, choices live in a flat table (Latin, Greek, Cyrillic, Hebrew, Arabic): the
    /// painter asks for every glyph of every tile, and this makes it one load. The table is raw
    /// memory, allocated once: an Array in a class pays an exclusivity check and a uniqueness
    /// check per access, which made a cached look-up cost eight times an XftCharIndex.
    private static let directLimit = 0x800

    private let connection: XConnection
    private let request: FontRequest
    let primary: UnsafeMutablePointer<XftFont>
    /// Every font this slot opened, the primary first; closed with the slot. A fallback font is
    /// opened once per slot (by its place in the sorted candidates), not once per character; Xft
    /// itself shares one XftFont between slots whose requests render it identically (same file,
    /// size, synthesis and rendering options).
    private var fonts: [UnsafeMutablePointer<XftFont>]
    private var fontOfCandidate: [Int: UnsafeMutablePointer<XftFont>] = [:]
    private let direct: UnsafeMutableBufferPointer<GlyphChoice>
    private var other: [UInt32: GlyphChoice] = [:]
    private let primaryIsColour: Bool
    private(set) var fallbackSearches = 0

    init(request: FontRequest, primary: UnsafeMutablePointer<XftFont>, on connection: XConnection) {
        self.connection = connection
        self.request = request
        self.primary = primary
        fonts = [primary]
        direct = .allocate(capacity: Self.directLimit)
        direct.initialize(repeating: GlyphChoice(font: nil, glyph: 0, drawsNothing: false))
        primaryIsColour = FontconfigPattern.bool(xm_fc_color(), of: primary.pointee.pattern) ?? false
    }

    deinit {
        direct.deallocate()
        for font in fonts { XftFontClose(connection.display, font) }
    }

    @inline(__always)
    func choice(for scalar: Unicode.Scalar) -> GlyphChoice {
        let value = scalar.value
        if value < UInt32(Self.directLimit) {
            let cached = direct[Int(value)]
            if cached.font != nil { return cached }
            let resolved = resolve(scalar)
            direct[Int(value)] = resolved
            return resolved
        }
        if let cached = other[value] { return cached }
        let resolved = resolve(scalar)
        other[value] = resolved
        return resolved
    }

    /// The primary when it has the character; else the first font in fontconfig's order for this
    /// slot's pattern that has it; else the primary's missing-glyph box. A character whose
    /// default presentation is emoji (✅, 🚀, ⚡) prefers a colour font even over a primary that
    /// has a monochrome glyph, as browsers do, unless the primary is itself a colour font.
    private func resolve(_ scalar: Unicode.Scalar) -> GlyphChoice {
        let primaryHasIt = XftCharExists(connection.display, primary, scalar.value) != 0
        let prefersColour = !primaryIsColour && scalar.properties.isEmojiPresentation
        if primaryHasIt && !prefersColour { return choose(primary, scalar) }
        fallbackSearches += 1
        if let font = fallbackFont(for: scalar, colourOnly: prefersColour) { return choose(font, scalar) }
        if primaryHasIt { return choose(primary, scalar) }
        if prefersColour, let font = fallbackFont(for: scalar, colourOnly: false) { return choose(font, scalar) }
        if scalar.properties.isDefaultIgnorableCodePoint {
            return GlyphChoice(font: primary, glyph: XftCharIndex(connection.display, primary, 0x20), drawsNothing: true)
        }
        return choose(primary, scalar)
    }

    private func choose(_ font: UnsafeMutablePointer<XftFont>, _ scalar: Unicode.Scalar) -> GlyphChoice {
        GlyphChoice(font: font, glyph: XftCharIndex(connection.display, font, scalar.value), drawsNothing: false)
    }

    /// The first candidate font (only colour fonts when asked) that has `scalar`, opened once.
    private func fallbackFont(for scalar: Unicode.Scalar, colourOnly: Bool) -> UnsafeMutablePointer<XftFont>? {
        let candidates = request.fallbackCandidates
        for (index, candidate) in candidates.enumerated() {
            guard let candidate, FontconfigPattern.covers(candidate, scalar) else { continue }
            if colourOnly && FontconfigPattern.bool(xm_fc_color(), of: candidate) != true { continue }
            if let font = fontOfCandidate[index] { return font }
            guard let font = request.open(candidate: candidate) else { continue }
            guard XftCharExists(connection.display, font, scalar.value) != 0 else {
                XftFontClose(connection.display, font) // the database's charset was stale
                continue
            }
            fonts.append(font)
            fontOfCandidate[index] = font
            return font
        }
        return nil
    }
}
