import CFonts

/// Every face a font set has opened, each once, numbered in the order they were opened (the
/// number a shaped glyph names its font by). Slots whose matches come out the same (same file,
/// index, size, matrix and rendering options) share one face, as Xft shared one XftFont.
/// Owns the faces and the FreeType library they come from.
final class FaceCache {
    private let library: FreeTypeLibrary?
    private(set) var faces: [FontFace] = []
    private var numbers: [GlyphFaceDescription: UInt16] = [:]

    init() { library = FreeTypeLibrary() }

    /// The face fontconfig's `pattern` (a match or a prepared fallback, taken over) describes,
    /// shaped and drawn at `pixelSize`; nil when its file cannot be opened.
    func face(for pattern: OpaquePointer, pixelSize: Double) -> UInt16? {
        guard let description = FontconfigPattern.faceDescription(of: pattern, pixelSize: pixelSize) else {
            FcPatternDestroy(pattern)
            return nil
        }
        if let known = numbers[description] {
            FcPatternDestroy(pattern)
            return known
        }
        guard faces.count < Int(UInt16.max), let library,
              let face = FontFace(description: description, pattern: pattern, library: library) else {
            FcPatternDestroy(pattern)
            return nil
        }
        faces.append(face)
        let number = UInt16(faces.count - 1)
        numbers[description] = number
        return number
    }

    @inline(__always)
    subscript(number: UInt16) -> FontFace { faces[Int(number)] }
}
