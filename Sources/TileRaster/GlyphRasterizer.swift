import MarqueeCore

/// Every glyph a tile draws, rasterized once per sub-pixel phase it is drawn at and kept within a
/// byte budget (the least recently drawn go first: a tile painted later rasterizes what it needs
/// again). Faces are opened the first time one of their glyphs is drawn, by the number the
/// shaper gave them.
public final class GlyphRasterizer {
    private struct Key: Hashable {
        let face: UInt16
        let glyph: UInt32
        let phase: UInt8
    }

    private let library: FreeTypeLibrary?
    private let describe: (UInt16) -> GlyphFaceDescription?
    private var faces: [UInt16: RasterFace?] = [:]
    /// A glyph that draws nothing (a space) is remembered too, as nil.
    private var glyphs: ByteBoundedCache<Key, GlyphImage?>

    /// `describe` tells the face a shaped glyph's font number stands for.
    public init(budget: Int = 4 << 20, describe: @escaping (UInt16) -> GlyphFaceDescription?) {
        library = FreeTypeLibrary()
        self.describe = describe
        glyphs = ByteBoundedCache(byteLimit: budget)
    }

    /// The image of `glyph` of face `face` at `phase` (0..<`SubpixelGrid.steps`); nil when it
    /// draws nothing.
    func image(face: UInt16, glyph: UInt32, phase: Int) -> GlyphImage? {
        let key = Key(face: face, glyph: glyph, phase: UInt8(truncatingIfNeeded: phase))
        if let cached = glyphs.value(for: key) { return cached }
        let image = rasterFace(face)?.render(glyph: glyph, phase: phase)
        glyphs.insert(image, for: key, bytes: image?.bytes ?? 0)
        return image
    }

    /// Bytes the cached glyph images take (tests check the bound).
    public var bytesCached: Int { glyphs.byteCount }

    private func rasterFace(_ number: UInt16) -> RasterFace? {
        if let known = faces[number] { return known }
        let face = library.flatMap { library in describe(number).flatMap { RasterFace(description: $0, library: library) } }
        faces[number] = face
        return face
    }
}
