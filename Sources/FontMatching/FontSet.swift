import CFonts
import MarqueeCore

/// The fonts a ticker draws with, and the shaper that turns text into their glyphs: one slot per
/// `--font` pattern (slot 0 is the first pattern, slot n the (n+1)-th; status-bar markup `%{T2}`
/// selects slot 1). Each slot draws every grapheme cluster with a font that has it: its own best
/// match first, then fontconfig's fallback order (CJK, colour emoji, icon fonts), each choice
/// looked up once and cached.
///
/// A piece of text is itemized into runs of one font and one script, and each run is shaped by
/// HarfBuzz on the very FreeType face the rasterizer draws (kerning, ligatures, marks, contextual
/// forms, emoji sequences); the painter draws the glyph ids at the shaped positions.
/// No display system: a backend passes its desktop's rendering defaults in.
public final class FontSet: TextShaper {
    private let slots: [FontSlot]
    public let features: FontFeatures
    /// Every face a shaped glyph names, by its number in `ShapedGlyph.font`.
    private let faces: FaceCache
    private let buffer: OpaquePointer

    /// Opens every slot's best match, with a warning for each family that is not installed
    /// (fontconfig then substitutes another). Sizes in points become pixels at the defaults' DPI.
    public static func open(patterns: [String], features: FontFeatures = .none,
                            defaults: FontRenderingDefaults = FontRenderingDefaults()) throws(FontPatternError)
        -> (FontSet, warnings: [String]) {
        guard !patterns.isEmpty else { throw FontPatternError(pattern: "") }
        let faces = FaceCache()
        var slots: [FontSlot] = []
        var warnings: [String] = []
        for text in patterns {
            let request = try FontRequest(pattern: text, defaults: defaults)
            guard let matched = request.bestMatch(),
                  let primary = faces.face(for: matched, pixelSize: request.pixelSize) else { throw FontPatternError(pattern: text) }
            if let warning = request.missingFamilyWarning(opened: faces[primary]) { warnings.append(warning) }
            slots.append(FontSlot(request: request, primary: primary, faces: faces))
        }
        return (FontSet(slots: slots, faces: faces, features: features), warnings)
    }

    private init(slots: [FontSlot], faces: FaceCache, features: FontFeatures) {
        self.slots = slots
        self.faces = faces
        self.features = features
        buffer = hb_buffer_create()
    }

    deinit { hb_buffer_destroy(buffer) }

    public var slotCount: Int { slots.count }

    /// Vertical metrics of slot 0, which sizes the strip.
    public var ascent: Int { ascent(slot: 0) }
    public var descent: Int { descent(slot: 0) }
    public var height: Int { ascent + descent }

    /// Each slot's own vertical metrics: a `%{T2}` font sits on its own baseline.
    public func ascent(slot number: Int) -> Int { faces[slot(number).primary].ascent }
    public func descent(slot number: Int) -> Int { faces[slot(number).primary].descent }

    @inline(__always)
    private func slot(_ number: Int) -> FontSlot {
        slots[number >= 0 && number < slots.count ? number : 0]
    }

    /// The face a shaped glyph's font number names (what the rasterizer draws it with).
    public func glyphFace(_ number: UInt16) -> FontFace? {
        Int(number) < faces.faces.count ? faces[number] : nil
    }

    // MARK: Shaping

    public func shape(_ utf8: UnsafeBufferPointer<UInt8>, as run: ShapingRun) -> ShapedText {
        guard utf8.count > 0 else { return .empty }
        let items = itemize(utf8, slot: run.font)
        var glyphs: [ShapedGlyph] = []
        glyphs.reserveCapacity(utf8.count)
        var pen = 0
        // Items are in logical order; right to left, the last one is leftmost on screen.
        for item in run.rightToLeft ? items.reversed() : items {
            pen = shape(item, of: utf8, rightToLeft: run.rightToLeft, tabularDigits: run.tabularDigits, pen: pen, into: &glyphs)
        }
        return ShapedText(glyphs: glyphs, advance: pen)
    }

    /// A run of one font and one script: bytes `range` of the piece.
    private struct Item {
        var range: Range<Int>
        var face: UInt16
        var script: hb_script_t
    }

    /// Cuts a piece into runs of one font and one script. The font is chosen per grapheme
    /// cluster (a ZWJ sequence, a flag, a base with its marks stay in one font); characters of
    /// no particular script (spaces, digits, punctuation, marks) join the run they stand in.
    /// As in Pango's itemizer, a space (or a control or format character) takes the font of the
    /// run before it when that font has it, and spaces that open the piece the font of the run
    /// after them: the space between two words of a fallback script is that script's font's
    /// space, not the primary's.
    private func itemize(_ utf8: UnsafeBufferPointer<UInt8>, slot number: Int) -> [Item] {
        let slot = self.slot(number)
        let unicode = hb_unicode_funcs_get_default()
        var items: [Item] = []
        var offset = 0
        var onlyNeutralSoFar = true
        for cluster in String(decoding: utf8, as: UTF8.self) {
            let scalars = cluster.unicodeScalars
            let length = cluster.utf8.count
            defer { offset += length }
            var face = scalars.count == 1 ? slot.choice(for: scalars.first!).font ?? slot.primary
                : slot.font(forCluster: Array(scalars))
            let neutral = scalars.count == 1 && Self.takesTheRunsFont(scalars.first!)
            if neutral, let last = items.last, last.face != face, faces[last.face].has(scalars.first!) {
                face = last.face
            } else if !neutral && onlyNeutralSoFar {
                onlyNeutralSoFar = false
                if items.count == 1, items[0].face != face, characters(of: items[0].range, in: utf8).allSatisfy({ faces[face].has($0) }) {
                    items[0].face = face
                }
            }
            var script = HB_SCRIPT_COMMON
            for scalar in scalars {
                let found = hb_unicode_script(unicode, scalar.value)
                if found != HB_SCRIPT_COMMON && found != HB_SCRIPT_INHERITED && found != HB_SCRIPT_UNKNOWN {
                    script = found
                    break
                }
            }
            if let last = items.last, last.face == face,
               script == HB_SCRIPT_COMMON || last.script == HB_SCRIPT_COMMON || last.script == script {
                items[items.count - 1].range = last.range.lowerBound..<(offset + length)
                if last.script == HB_SCRIPT_COMMON { items[items.count - 1].script = script }
            } else {
                items.append(Item(range: offset..<(offset + length), face: face, script: script))
            }
        }
        return items
    }

    /// The characters Pango's itemizer leaves to the run around them: space separators (but
    /// the ogham space mark, which is drawn), controls and format characters.
    private static func takesTheRunsFont(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .spaceSeparator: return scalar.value != 0x1680
        case .control, .format: return true
        default: return false
        }
    }

    private func characters(of range: Range<Int>, in utf8: UnsafeBufferPointer<UInt8>) -> String.UnicodeScalarView {
        String(decoding: UnsafeBufferPointer(rebasing: utf8[range]), as: UTF8.self).unicodeScalars
    }

    /// Shapes one item with the whole piece as context (Arabic joins across a change of font),
    /// appending its glyphs from `pen` on; returns the pen after it. A cluster no font can draw
    /// shows one missing-glyph box, not one per character.
    private func shape(_ item: Item, of utf8: UnsafeBufferPointer<UInt8>, rightToLeft: Bool, tabularDigits: Bool,
                       pen start: Int, into glyphs: inout [ShapedGlyph]) -> Int {
        hb_buffer_clear_contents(buffer)
        utf8.withMemoryRebound(to: CChar.self) { text in
            hb_buffer_add_utf8(buffer, text.baseAddress, Int32(text.count), UInt32(item.range.lowerBound),
                               Int32(item.range.count))
        }
        hb_buffer_set_direction(buffer, rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        if item.script != HB_SCRIPT_COMMON { hb_buffer_set_script(buffer, item.script) }
        hb_buffer_guess_segment_properties(buffer)
        let features = self.features.list(tabularDigits: tabularDigits)
        hb_shape(faces[item.face].hbFont, buffer, features, UInt32(features.count))

        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
              let positions = hb_buffer_get_glyph_positions(buffer, &count) else { return start }
        var pen = start
        var missingCluster = UInt32.max
        for index in 0..<Int(count) {
            let info = infos[index], position = positions[index]
            if info.codepoint == 0 {
                if info.cluster == missingCluster { continue }
                missingCluster = info.cluster
            }
            glyphs.append(ShapedGlyph(font: item.face, glyph: info.codepoint, x: Int32(clamping: pen + Int(position.x_offset)),
                                      y: position.y_offset, cluster: info.cluster))
            pen += Int(position.x_advance)
        }
        return pen
    }

    // MARK: Tests and diagnostics

    /// Advance in whole pixels of `scalar` shaped alone in slot `slot` (fallback included).
    public func advance(of scalar: Unicode.Scalar, font slot: Int) -> Int {
        pixels(self.shape(String(scalar), as: ShapingRun(font: slot)).advance)
    }

    /// The face number and glyph index that draw `scalar` alone in `slot` (fallback resolved, cached).
    func glyph(for scalar: Unicode.Scalar, font slot: Int) -> (font: UInt16, index: UInt32) {
        let choice = self.slot(slot).choice(for: scalar)
        return (choice.font ?? self.slot(slot).primary, choice.glyph)
    }

    /// Number of fontconfig fallback searches so far (tests prove caching, misses included).
    public var fallbackSearches: Int { slots.reduce(0) { $0 + $1.fallbackSearches } }

    /// Family of the font that draws `scalar` alone in `slot` (tests, diagnostics).
    public func family(drawing scalar: Unicode.Scalar, font slot: Int) -> String {
        family(ofFace: glyph(for: scalar, font: slot).font)
    }

    /// Family and file of the font a shaped glyph names (tests compare with `hb-shape` on it).
    public func family(ofFace number: UInt16) -> String {
        FontconfigPattern.families(of: faces[number].pattern).first ?? "unknown"
    }

    public func file(ofFace number: UInt16) -> String? { faces[number].description.file }

    /// The scale a face was shaped at, in 1/64 px (what `hb-shape --font-size` takes).
    public func scale(ofFace number: UInt16) -> Int32? { faces[number].scale }
}
