import MarqueeCore

/// Every glyph a tile draws, rasterized once per sub-pixel phase it is drawn at and kept while
/// the cache stays within its byte budget (past it the cache starts again: a tile painted later
/// rasterizes what it needs). Faces are opened the first time one of their glyphs is drawn, by
/// the number the shaper gave them.
public final class GlyphRasterizer {
    private struct Key: Hashable {
        let face: UInt16
        let glyph: UInt32
        let phase: UInt8
    }

    private let library: FreeTypeLibrary?
    private let describe: (UInt16) -> GlyphFaceDescription?
    private var faces: [UInt16: RasterFace?] = [:]
    private var glyphs: [Key: GlyphImage?] = [:]
    private var cachedBytes = 0
    private let budget: Int

    /// `describe` tells the face a shaped glyph's font number stands for.
    public init(budget: Int = 4 << 20, describe: @escaping (UInt16) -> GlyphFaceDescription?) {
        library = FreeTypeLibrary()
        self.describe = describe
        self.budget = budget
    }

    /// The image of `glyph` of face `face` at `phase` (0..<`SubpixelGrid.steps`); nil when it
    /// draws nothing.
    func image(face: UInt16, glyph: UInt32, phase: Int) -> GlyphImage? {
        let key = Key(face: face, glyph: glyph, phase: UInt8(truncatingIfNeeded: phase))
        if let cached = glyphs[key] { return cached }
        let image = rasterFace(face)?.render(glyph: glyph, phase: phase)
        let bytes = (image?.bytes ?? 0) + 32
        if cachedBytes + bytes > budget {
            glyphs.removeAll(keepingCapacity: true)
            cachedBytes = 0
        }
        glyphs[key] = image
        cachedBytes += bytes
        return image
    }

    /// Bytes the cached glyph images take (tests check the bound).
    public var bytesCached: Int { cachedBytes }

    private func rasterFace(_ number: UInt16) -> RasterFace? {
        if let known = faces[number] { return known }
        let face = library.flatMap { library in describe(number).flatMap { RasterFace(description: $0, library: library) } }
        faces[number] = face
        return face
    }
}
