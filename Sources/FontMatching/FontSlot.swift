import CFonts

/// One font slot of a `FontSet`: the font its pattern matched (the primary) and the fonts found
/// for characters the primary lacks. Every character's and every grapheme cluster's choice of
/// font is cached, one no font has included, so fontconfig is searched at most once for each.
final class FontSlot {
    /// Which font draws a character, and with which glyph.
    struct GlyphChoice {
        /// The number of the primary or one of this slot's fallback faces in the font set's
        /// `FaceCache`; nil until looked up.
        var font: UInt16?
        var glyph: UInt32
        /// A default-ignorable character (a variation selector, a joiner, a tag) that no font
        /// has: drawn as nothing, with no advance, rather than as a missing-glyph box.
        var drawsNothing: Bool
    }

    /// Below this, choices live in a flat table (Latin, Greek, Cyrillic, Hebrew, Arabic): the
    /// painter asks for every glyph of every tile, and this makes it one load. The table is raw
    /// memory, allocated once: an Array in a class pays an exclusivity check and a uniqueness
    /// check per access, which made a cached look-up cost eight times a FreeType look-up.
    private static let directLimit = 0x800

    let request: FontRequest
    /// The face the pattern matched.
    let primary: UInt16
    /// Where the slot's faces live: a fallback face is opened once (by its place in the sorted
    /// candidates), not once per character, and shared with other slots that open it the same.
    private let faces: FaceCache
    private var fontOfCandidate: [Int: UInt16] = [:]
    private let direct: UnsafeMutableBufferPointer<GlyphChoice>
    private var other: [UInt32: GlyphChoice] = [:]
    private var clusters: [[Unicode.Scalar]: UInt16] = [:]
    private let primaryIsColour: Bool
    private(set) var fallbackSearches = 0

    init(request: FontRequest, primary: UInt16, faces: FaceCache) {
        self.request = request
        self.primary = primary
        self.faces = faces
        direct = .allocate(capacity: Self.directLimit)
        direct.initialize(repeating: GlyphChoice(font: nil, glyph: 0, drawsNothing: false))
        primaryIsColour = FontconfigPattern.bool(xm_fc_color(), of: faces[primary].pattern) ?? false
    }

    deinit { direct.deallocate() }

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
    func font(forCluster scalars: [Unicode.Scalar]) -> UInt16 {
        if let cached = clusters[scalars] { return cached }
        let resolved = resolveCluster(scalars)
        clusters[scalars] = resolved
        return resolved
    }

    private func resolveCluster(_ scalars: [Unicode.Scalar]) -> UInt16 {
        let needed = scalars.filter { !$0.properties.isDefaultIgnorableCodePoint }
        let base = choice(for: scalars[0]).font ?? primary
        guard !needed.isEmpty else { return base }
        let textPresentation = scalars.contains("\u{FE0E}")
        let prefersColour = !primaryIsColour && !textPresentation && Self.isEmojiSequence(scalars)
        let primaryHasAll = needed.allSatisfy { faces[primary].has($0) }
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
        let primaryHasIt = faces[primary].has(scalar)
        let prefersColour = !primaryIsColour && scalar.properties.isEmojiPresentation
        if primaryHasIt && !prefersColour { return choose(primary, scalar) }
        fallbackSearches += 1
        if let font = fallbackFont(covering: [scalar], colour: prefersColour ? true : nil) { return choose(font, scalar) }
        if primaryHasIt { return choose(primary, scalar) }
        if prefersColour, let font = fallbackFont(covering: [scalar], colour: nil) { return choose(font, scalar) }
        if scalar.properties.isDefaultIgnorableCodePoint {
            return GlyphChoice(font: primary, glyph: faces[primary].glyphIndex(" "), drawsNothing: true)
        }
        return choose(primary, scalar)
    }

    private func choose(_ font: UInt16, _ scalar: Unicode.Scalar) -> GlyphChoice {
        GlyphChoice(font: font, glyph: faces[font].glyphIndex(scalar), drawsNothing: false)
    }

    /// The first candidate font that has every one of `scalars` (with `colour`, only fonts with
    /// or without colour glyphs), opened once.
    private func fallbackFont(covering scalars: [Unicode.Scalar], colour: Bool?) -> UInt16? {
        let candidates = request.fallbackCandidates
        for (index, candidate) in candidates.enumerated() {
            guard let candidate, scalars.allSatisfy({ FontconfigPattern.covers(candidate, $0) }) else { continue }
            if let colour, (FontconfigPattern.bool(xm_fc_color(), of: candidate) ?? false) != colour { continue }
            if let font = fontOfCandidate[index] { return font }
            guard let prepared = request.prepare(candidate: candidate),
                  let font = faces.face(for: prepared, pixelSize: request.pixelSize) else { continue }
            // The database's charset may be stale: the file itself must have the glyphs.
            guard scalars.allSatisfy({ faces[font].glyphIndex($0) != 0 }) else { continue }
            fontOfCandidate[index] = font
            return font
        }
        return nil
    }
}
