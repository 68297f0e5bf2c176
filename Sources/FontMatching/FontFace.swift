import CFonts

/// One font file at one size: a single FreeType face, which the shaper reads through HarfBuzz
/// (`hb_ft_face_create_referenced` shares FreeType's mapping of the file, so the file is mapped
/// once) and the rasterizer draws from. HarfBuzz shapes with its own OpenType functions
/// (unhinted advances and GPOS positions, as `hb-shape` and Pango use) at the pixel size in 26.6.
/// Owns the FreeType face, HarfBuzz's face and font, and the fontconfig pattern it was matched as.
public final class FontFace {
    public let description: GlyphFaceDescription
    /// The FreeType face, sized (and transformed) as described; the rasterizer loads glyphs from it.
    public let ftFace: FT_Face
    /// HarfBuzz's font on the same face.
    let hbFont: OpaquePointer
    /// The pattern fontconfig matched or prepared (nil for a face opened from a file alone).
    let pattern: OpaquePointer?
    /// The characters the font has (fontconfig's charset of the pattern, else of the face).
    private let charset: OpaquePointer?
    /// Whole pixels above and below the baseline, as Xft computed them from the size's metrics.
    public let ascent: Int
    public let descent: Int
    /// A face of bitmap strikes (colour emoji): strike pixels → drawn pixels.
    public let bitmapScale: Double
    public let isScalable: Bool
    private let library: FreeTypeLibrary
    private let hbFace: OpaquePointer

    /// Opens `description`'s file and sizes it; `pattern` (taken over: destroyed with the face)
    /// is what fontconfig matched. Nil when FreeType cannot open the file or size the face.
    public init?(description: GlyphFaceDescription, pattern: OpaquePointer? = nil, library: FreeTypeLibrary) {
        var opened: FT_Face?
        guard FT_New_Face(library.handle, description.file, FT_Long(description.index), &opened) == 0,
              let face = opened else { return nil }
        let scalable = xmr_is_scalable(face) != 0
        if scalable {
            FT_Set_Char_Size(face, 0, FT_F26Dot6((description.pixelSize * 64).rounded()), 72, 72)
            bitmapScale = 1
        } else if xmr_has_fixed_sizes(face) != 0 && face.pointee.num_fixed_sizes > 0 {
            // The strike the pattern's matrix was computed for: the one nearest the size asked.
            let scale = description.matrix[3] > 0 ? description.matrix[3] : 1
            let wanted = description.pixelSize / scale
            var best = 0, bestDistance = Double.infinity
            for index in 0..<Int(face.pointee.num_fixed_sizes) {
                let ppem = Double(face.pointee.available_sizes[index].y_ppem) / 64
                if abs(ppem - wanted) < bestDistance { (best, bestDistance) = (index, abs(ppem - wanted)) }
            }
            FT_Select_Size(face, FT_Int(best))
            bitmapScale = scale
        } else {
            FT_Done_Face(face)
            return nil
        }
        var matrix = FT_Matrix(xx: 0x10000, xy: 0, yx: 0, yy: 0x10000)
        if scalable && description.hasTransform {
            func fixed(_ value: Double) -> FT_Fixed { FT_Fixed((value * 65536).rounded()) }
            let m = description.matrix
            matrix = FT_Matrix(xx: fixed(m[0]), xy: fixed(m[1]), yx: fixed(m[2]), yy: fixed(m[3]))
            FT_Set_Transform(face, &matrix, nil)
        } else if !scalable {
            matrix = FT_Matrix(xx: FT_Fixed(bitmapScale * 65536), xy: 0, yx: 0, yy: FT_Fixed(bitmapScale * 65536))
        }
        (ascent, descent) = Self.verticalMetrics(face, matrix: matrix)
        self.description = description
        self.library = library
        self.pattern = pattern
        ftFace = face
        isScalable = scalable
        var patternCharset: OpaquePointer?
        if let pattern, FcPatternGetCharSet(pattern, xm_fc_charset(), 0, &patternCharset) == FcResultMatch,
           let patternCharset {
            charset = FcCharSetCopy(patternCharset)
        } else {
            charset = FcFreeTypeCharSet(face, nil)
        }
        hbFace = hb_ft_face_create_referenced(face)
        hbFont = hb_font_create(hbFace)
        let scale = Int32(clamping: Int((description.pixelSize * 64).rounded()))
        hb_font_set_scale(hbFont, scale, scale)
    }

    deinit {
        hb_font_destroy(hbFont)
        hb_face_destroy(hbFace)
        if let charset { FcCharSetDestroy(charset) }
        if let pattern { FcPatternDestroy(pattern) }
        FT_Done_Face(ftFace)
    }

    /// Xft's ascent and descent: the size's metrics in whole pixels (truncated), through the
    /// face's matrix when it has one.
    private static func verticalMetrics(_ face: FT_Face, matrix: FT_Matrix) -> (ascent: Int, descent: Int) {
        guard let size = face.pointee.size else { return (0, 0) }
        var matrix = matrix
        var above = FT_Vector(x: 0, y: size.pointee.metrics.ascender)
        var below = FT_Vector(x: 0, y: size.pointee.metrics.descender)
        if matrix.xx != 0x10000 || matrix.xy != 0 || matrix.yx != 0 || matrix.yy != 0x10000 {
            FT_Vector_Transform(&above, &matrix)
            FT_Vector_Transform(&below, &matrix)
        }
        return (Int(above.y >> 6), -Int(below.y >> 6))
    }

    /// Whether the font has a glyph for `scalar` (its charset, as fontconfig and Xft see it).
    func has(_ scalar: Unicode.Scalar) -> Bool {
        guard let charset else { return false }
        return FcCharSetHasChar(charset, scalar.value) != 0
    }

    /// The glyph that draws `scalar` (0: the missing-glyph box), found as Xft finds it.
    func glyphIndex(_ scalar: Unicode.Scalar) -> UInt32 {
        UInt32(FcFreeTypeCharIndex(ftFace, scalar.value))
    }

    /// The scale HarfBuzz shapes at: the pixel size in 1/64 px (what `hb-shape --font-size` takes).
    var scale: Int32 {
        var x: Int32 = 0, y: Int32 = 0
        hb_font_get_scale(hbFont, &x, &y)
        return x
    }
}
