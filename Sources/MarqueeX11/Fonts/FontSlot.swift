import CX11

/// One font slot of a `FontSet`: the font its pattern matched (the primary) and the fonts found
/// for characters the primary lacks. Every character's and every grapheme cluster's choice of
/// font is cached, one no font has included, so fontconfig is searched at most once for each.
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
    let request: FontRequest
    let primary: UnsafeMutablePointer<XftFont>
    /// Every font this slot opened, the primary first; closed with the slot. A fallback font is
    /// opened once per slot (by its place in the sorted candidates), not once per character; Xft
    /// itself shares one XftFont between slots whose requests render it identically (same file,
    /// size, synthesis and rendering options).
    private var fonts: [UnsafeMutablePointer<XftFont>]
    private var fontOfCandidate: [Int: UnsafeMutablePointer<XftFont>] = [:]
    private let direct: UnsafeMutableBufferPointer<GlyphChoice>
    private var other: [UInt32: GlyphChoice] = [:]
    private var clusters: [[Unicode.Scalar]: UnsafeMutablePointer<XftFont>] = [:]
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

    /// The font that draws a grapheme cluster of several characters (a base and its marks, an
    /// emoji sequence, a flag, a keycap) whole, so HarfBuzz can form it in one font: the first
    /// font, in the order `resolve` uses, that has every character of the cluster that is not
    /// default-ignorable (joiners and variation selectors are the shaper's business); an emoji
    /// sequence prefers a colour font, a text-presentation selector (U+FE0E) one without colour.
    /// Where no font has them all, the font of the cluster's first character.
    func font(forCluster scalars: [Unicode.Scalar]) -> UnsafeMutablePointer<XftFont> {
        if let cached = clusters[scalars] { return cached }
        let resolved = resolveCluster(scalars)
        clusters[scalars] = resolved
        return resolved
    }

    private func resolveCluster(_ scalars: [Unicode.Scalar]) -> UnsafeMutablePointer<XftFont> {
        let needed = scalars.filter { !$0.properties.isDefaultIgnorableCodePoint }
        let base = choice(for: scalars[0]).font ?? primary
        guard !needed.isEmpty else { return base }
        let textPresentation = scalars.contains("\u{FE0E}")
        let prefersColour = !primaryIsColour && !textPresentation && Self.isEmojiSequence(scalars)
        let primaryHasAll = needed.allSatisfy { XftCharExists(connection.display, primary, $0.value) != 0 }
        if primaryHasAll && !prefersColour { return primary }
        fallbackSearches += 1
        if prefersColour, let font = fallbackFont(covering: needed, colour: true) { return font }
        if primaryHasAll { return primary }
        if let font = fallbackFont(covering: needed, colour: textPresentation ? false : nil) { return font }
        return base
    }

    /// Emoji presentation asked for or implied: VS16, a skin-tone modifier, a keycap, a flag (a
    /// pair of regional indicators), a ZWJ sequence, or a first character that is emoji by default.
    private static func isEmojiSequence(_ scalars: [Unicode.Scalar]) -> Bool {
        scalars.contains { scalar in
            scalar == "\u{FE0F}" || scalar == "\u{20E3}" || scalar.properties.isEmojiModifier
                || (0x1F1E6...0x1F1FF).contains(scalar.value)
        } || scalars[0].properties.isEmojiPresentation
            || (scalars.contains("\u{200D}") && scalars[0].properties.isEmoji)
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
        if let font = fallbackFont(covering: [scalar], colour: prefersColour ? true : nil) { return choose(font, scalar) }
        if primaryHasIt { return choose(primary, scalar) }
        if prefersColour, let font = fallbackFont(covering: [scalar], colour: nil) { return choose(font, scalar) }
        if scalar.properties.isDefaultIgnorableCodePoint {
            return GlyphChoice(font: primary, glyph: XftCharIndex(connection.display, primary, 0x20), drawsNothing: true)
        }
        return choose(primary, scalar)
    }

    private func choose(_ font: UnsafeMutablePointer<XftFont>, _ scalar: Unicode.Scalar) -> GlyphChoice {
        GlyphChoice(font: font, glyph: XftCharIndex(connection.display, font, scalar.value), drawsNothing: false)
    }

    /// The first candidate font that has every one of `scalars` (with `colour`, only fonts with
    /// or without colour glyphs), opened once.
    private func fallbackFont(covering scalars: [Unicode.Scalar], colour: Bool?) -> UnsafeMutablePointer<XftFont>? {
        let candidates = request.fallbackCandidates
        for (index, candidate) in candidates.enumerated() {
            guard let candidate, scalars.allSatisfy({ FontconfigPattern.covers(candidate, $0) }) else { continue }
            if let colour, (FontconfigPattern.bool(xm_fc_color(), of: candidate) ?? false) != colour { continue }
            if let font = fontOfCandidate[index] { return font }
            guard let font = request.open(candidate: candidate) else { continue }
            guard scalars.allSatisfy({ XftCharExists(connection.display, font, $0.value) != 0 }) else {
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
