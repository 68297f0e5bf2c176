import CXBench

/// A line of real glyphs rendered the way a sub-pixel rasterizer draws them (FreeType, no
/// hinting, unrounded advances, each outline moved by the pen's fraction before it is rendered),
/// reduced to a column profile: what the step reader gets from a frame at any phase.
final class GlyphLine {
    private var library: FT_Library?
    private var face: FT_Face?

    /// Opens `family` (through fontconfig) at `pixelSize`; nil when no font file is found or FreeType refuses it.
    init?(family: String = "DejaVu Sans", pixelSize: UInt32 = 16) {
        guard let path = Self.fontFile(family), FT_Init_FreeType(&library) == 0 else { return nil }
        guard FT_New_Face(library, path, 0, &face) == 0, FT_Set_Pixel_Sizes(face, 0, pixelSize) == 0 else {
            if face != nil { FT_Done_Face(face) }
            FT_Done_FreeType(library)
            return nil
        }
    }

    deinit {
        FT_Done_Face(face)
        FT_Done_FreeType(library)
    }

    /// Column sums of glyph coverage for `text` starting at pixel `start` (fractional), in a line `width` wide.
    func profile(_ text: String, start: Double, width: Int) -> [Int32] {
        var columns = [Int32](repeating: 0, count: width)
        guard let face else { return columns }
        var pen = Int((start * 64).rounded()) // 26.6 fixed point
        for scalar in text.unicodeScalars {
            let index = FT_Get_Char_Index(face, FT_ULong(scalar.value))
            guard FT_Load_Glyph(face, index, FT_Int32(FT_LOAD_NO_HINTING)) == 0, let slot = face.pointee.glyph else { continue }
            let fraction = pen & 63, whole = pen >> 6
            FT_Outline_Translate(&slot.pointee.outline, FT_Pos(fraction), 0)
            if FT_Render_Glyph(slot, FT_RENDER_MODE_NORMAL) == 0 {
                let bitmap = slot.pointee.bitmap
                for row in 0..<Int(bitmap.rows) {
                    for column in 0..<Int(bitmap.width) {
                        let x = whole + Int(slot.pointee.bitmap_left) + column
                        guard x >= 0, x < width, let buffer = bitmap.buffer else { continue }
                        columns[x] += Int32(buffer[row * Int(bitmap.pitch) + column])
                    }
                }
            }
            // The unhinted advance, 16.16 → 26.6.
            pen += Int(slot.pointee.linearHoriAdvance) >> 10
        }
        return columns
    }

    private static func fontFile(_ family: String) -> String? {
        guard let pattern = FcNameParse(family) else { return nil }
        defer { FcPatternDestroy(pattern) }
        FcConfigSubstitute(nil, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let match = FcFontMatch(nil, pattern, &result) else { return nil }
        defer { FcPatternDestroy(match) }
        var file: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(match, FC_FILE, 0, &file) == FcResultMatch, let file else { return nil }
        return String(cString: file)
    }
}
