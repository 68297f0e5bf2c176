import FontMatching
import MarqueeCore

/// Every glyph a tile draws, rasterized once per sub-pixel phase it is drawn at and kept within a
/// byte budget (the least recently drawn go first: a tile painted later rasterizes what it needs
/// again). Faces are the shaper's own, asked for the first time one of their glyphs is drawn, by
/// the number the shaper gave them.
public final class GlyphRasterizer {
    private struct Key: Hashable {
        let face: UInt16
        let glyph: UInt32
        let phase: UInt8
        /// A roll's vertical phase (`RollFrame.verticalPhase`); 0 for the crawl.
        let rise: UInt8

        /// The four fields fill one 64-bit word, hashed in one step instead of four (every glyph a
        /// tile or ribbon draws looks its image up).
        func hash(into hasher: inout Hasher) {
            hasher.combine(UInt64(face) << 48 | UInt64(glyph) << 16 | UInt64(phase) << 8 | UInt64(rise))
        }
    }

    private let face: (UInt16) -> FontFace?
    private var faces: [UInt16: RasterFace?] = [:]
    /// A glyph that draws nothing (a space) is remembered too, as nil.
    private var glyphs: ByteBoundedCache<Key, GlyphImage?>

    /// `face` gives the face a shaped glyph's font number stands for.
    public init(budget: Int = 4 << 20, face: @escaping (UInt16) -> FontFace?) {
        self.face = face
        glyphs = ByteBoundedCache(byteLimit: budget)
    }

    /// The image of `glyph` of face `face` at `phase` (0..<`SubpixelGrid.steps`), raised by
    /// `rise` / `SubpixelGrid.steps` px (a roll's vertical phase); nil when it draws nothing.
    func image(face: UInt16, glyph: UInt32, phase: Int, rise: Int = 0) -> GlyphImage? {
        let key = Key(face: face, glyph: glyph, phase: UInt8(truncatingIfNeeded: phase), rise: UInt8(truncatingIfNeeded: rise))
        if let cached = glyphs.value(for: key) { return cached }
        let image = rasterFace(face)?.render(glyph: glyph, phase: phase, rise: rise)
        glyphs.insert(image, for: key, bytes: image?.bytes ?? 0)
        return image
    }

    /// Bytes the cached glyph images take (tests check the bound).
    public var bytesCached: Int { glyphs.byteCount }

    private func rasterFace(_ number: UInt16) -> RasterFace? {
        if let known = faces[number] { return known }
        let raster = face(number).map { RasterFace(font: $0) }
        faces[number] = raster
        return raster
    }
}
