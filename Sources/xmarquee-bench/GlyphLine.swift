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
        let rows = image(text, start: start, width: width)
        var columns = [Int32](repeating: 0, count: width)
        for row in rows {
            for x in 0..<width { columns[x] += Int32(row[x]) }
        }
        return columns
    }

    /// Glyph coverage (0...255) for `text` starting at pixel `start` (fractional): `height` rows
    /// of `width`, the baseline at three quarters of the height.
    func image(_ text: String, start: Double, width: Int, height: Int = 32) -> [[UInt8]] {
        var rows = [[UInt8]](repeating: [UInt8](repeating: 0, count: width), count: height)
        guard let face else { return rows }
        let baseline = height * 3 / 4
        var pen = Int((start * 64).rounded()) // 26.6 fixed point
        for scalar in text.unicodeScalars {
            let index = FT_Get_Char_Index(face, FT_ULong(scalar.value))
            guard FT_Load_Glyph(face, index, FT_Int32(FT_LOAD_NO_HINTING)) == 0, let slot = face.pointee.glyph else { continue }
            let fraction = pen & 63, whole = pen >> 6
            FT_Outline_Translate(&slot.pointee.outline, FT_Pos(fraction), 0)
            if FT_Render_Glyph(slot, FT_RENDER_MODE_NORMAL) == 0, let buffer = slot.pointee.bitmap.buffer {
                let bitmap = slot.pointee.bitmap
                for row in 0..<Int(bitmap.rows) {
                    let y = baseline - Int(slot.pointee.bitmap_top) + row
                    guard y >= 0, y < height else { continue }
                    for column in 0..<Int(bitmap.width) {
                        let x = whole + Int(slot.pointee.bitmap_left) + column
                        guard x >= 0, x < width else { continue }
                        rows[y][x] = max(rows[y][x], buffer[row * Int(bitmap.pitch) + column])
                    }
                }
            }
            // The unhinted advance, 16.16 → 26.6.
            pen += Int(slot.pointee.linearHoriAdvance) >> 10
        }
        return rows
    }

    /// Horizontal gradient per unit of ink, as `PixelObserver.Capture.sharpness` measures a frame.
    static func sharpness(_ rows: [[UInt8]]) -> Double {
        var gradient = 0, ink = 0
        for row in rows {
            for x in row.indices {
                ink += Int(row[x])
                if x > 0 { gradient += abs(Int(row[x]) - Int(row[x - 1])) }
            }
        }
        return ink > 0 ? Double(gradient) / Double(ink) : 0
    }

    /// `rows` moved left by `fraction` of a pixel by linear interpolation: whole-pixel text
    /// resampled, the blur the crispness figure must catch.
    static func resampled(_ rows: [[UInt8]], by fraction: Double) -> [[UInt8]] {
        rows.map { row in
            row.indices.map { x in
                let next = x + 1 < row.count ? Double(row[x + 1]) : 0
                return UInt8(((1 - fraction) * Double(row[x]) + fraction * next).rounded())
            }
        }
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
