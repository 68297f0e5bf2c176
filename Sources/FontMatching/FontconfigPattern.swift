import CFonts

/// Reads the values xmarquee needs out of a fontconfig pattern (a request, a font from the
/// database, or the pattern a face was opened with). Fontconfig's getters report through an
/// out-parameter and a result code; these turn that into optionals.
enum FontconfigPattern {
    /// Every family name the pattern lists, in its order.
    static func families(of pattern: OpaquePointer?) -> [String] {
        var names: [String] = []
        var index: Int32 = 0
        var value: UnsafeMutablePointer<FcChar8>?
        while FcPatternGetString(pattern, xm_fc_family(), index, &value) == FcResultMatch, let value {
            names.append(String(cString: UnsafeRawPointer(value).assumingMemoryBound(to: CChar.self)))
            index += 1
        }
        return names
    }

    static func string(_ object: UnsafePointer<CChar>, of pattern: OpaquePointer?) -> String? {
        var value: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(pattern, object, 0, &value) == FcResultMatch, let value else { return nil }
        return String(cString: UnsafeRawPointer(value).assumingMemoryBound(to: CChar.self))
    }

    static func double(_ object: UnsafePointer<CChar>, of pattern: OpaquePointer?) -> Double? {
        var value = 0.0
        return FcPatternGetDouble(pattern, object, 0, &value) == FcResultMatch ? value : nil
    }

    static func integer(_ object: UnsafePointer<CChar>, of pattern: OpaquePointer?) -> Int32? {
        var value: Int32 = 0
        return FcPatternGetInteger(pattern, object, 0, &value) == FcResultMatch ? value : nil
    }

    static func bool(_ object: UnsafePointer<CChar>, of pattern: OpaquePointer?) -> Bool? {
        var value: FcBool = 0
        return FcPatternGetBool(pattern, object, 0, &value) == FcResultMatch ? value != 0 : nil
    }

    /// The pattern's scaling matrix (fontconfig applies it on top of the pixel size); nil when unset.
    static func matrix(of pattern: OpaquePointer?) -> FcMatrix? {
        var value: UnsafeMutablePointer<FcMatrix>?
        guard FcPatternGetMatrix(pattern, xm_fc_matrix(), 0, &value) == FcResultMatch, let value else { return nil }
        return value.pointee
    }

    /// Whether the font a database pattern describes has a glyph for `scalar` (its charset).
    static func covers(_ pattern: OpaquePointer?, _ scalar: Unicode.Scalar) -> Bool {
        var charset: OpaquePointer?
        guard FcPatternGetCharSet(pattern, xm_fc_charset(), 0, &charset) == FcResultMatch else { return false }
        return FcCharSetHasChar(charset, scalar.value) != 0
    }

    /// What a matched or prepared pattern opens: its file at `pixelSize` (the request's, which the
    /// text is shaped at), with its matrix, emboldening and the desktop's antialiasing. Hinting is
    /// vertical at most, whatever the pattern asks: horizontal hinting would move glyphs off
    /// their shaped sub-pixel positions.
    static func faceDescription(of pattern: OpaquePointer, pixelSize: Double) -> GlyphFaceDescription? {
        guard let file = string(xm_fc_file(), of: pattern) else { return nil }
        var matrix: [Double] = [1, 0, 0, 1]
        if let set = self.matrix(of: pattern) { matrix = [set.xx, set.xy, set.yx, set.yy] }
        let hinted = bool(xm_fc_hinting(), of: pattern) ?? true
            && (integer(xm_fc_hint_style(), of: pattern) ?? 1) != Int32(xm_fc_hint_none())
        return GlyphFaceDescription(file: file, index: Int(integer(xm_fc_index(), of: pattern) ?? 0), pixelSize: pixelSize,
                                    matrix: matrix, hinting: hinted ? .vertical : .none,
                                    antialias: bool(xm_fc_antialias(), of: pattern) ?? true,
                                    embolden: bool(xm_fc_embolden(), of: pattern) ?? false)
    }
}
