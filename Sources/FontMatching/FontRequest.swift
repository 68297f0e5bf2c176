import CFonts
import MarqueeCore

public struct FontPatternError: Error, CustomStringConvertible {
    public let pattern: String
    public init(pattern: String) { self.pattern = pattern }
    public var description: String { "invalid font pattern \"\(pattern)\"" }
}

/// One `--font` pattern, parsed and completed the way Xft completed a request (FcConfigSubstitute,
/// then the desktop's rendering defaults: DPI, antialiasing, hinting; then fontconfig's defaults:
/// pixel size from points). Its best match is a font slot's primary font; its sorted list of
/// every installed font is where that slot looks for characters the primary lacks. Owns the
/// completed pattern and the sorted list.
final class FontRequest {
    let text: String
    /// The families the pattern names, before fontconfig adds its defaults (for the warning).
    let requestedFamilies: [String]
    private let pattern: OpaquePointer
    private var sorted: UnsafeMutablePointer<FcFontSet>?

    /// - Parameter defaults: the desktop's DPI and rendering preferences, for what neither the
    ///   pattern nor the fontconfig configuration sets.
    init(pattern text: String, defaults: FontRenderingDefaults = FontRenderingDefaults()) throws(FontPatternError) {
        guard !text.isEmpty, let parsed = FcNameParse(text) else { throw FontPatternError(pattern: text) }
        self.text = text
        requestedFamilies = FontconfigPattern.families(of: parsed)
        // A pattern that names its own dpi keeps it; the configuration's rules may depend on it.
        var given = 0.0
        if FcPatternGetDouble(parsed, xm_fc_dpi(), 0, &given) != FcResultMatch {
            FcPatternAddDouble(parsed, xm_fc_dpi(), defaults.dpi)
        }
        FcConfigSubstitute(nil, parsed, FcMatchPattern)
        defaults.complete(parsed)
        pattern = parsed
    }

    deinit {
        if let sorted { FcFontSetDestroy(sorted) }
        FcPatternDestroy(pattern)
    }

    /// The size every font of the slot is shaped at, in pixels (points × dpi ÷ 72 once completed).
    var pixelSize: Double {
        FontconfigPattern.double(xm_fc_pixel_size(), of: pattern) ?? 12
    }

    /// Fontconfig's best match, already prepared for rendering at the requested size (the
    /// caller owns it): a slot's primary font.
    func bestMatch() -> OpaquePointer? {
        var result = FcResultMatch
        return FcFontMatch(nil, pattern, &result)
    }

    /// A warning when none of the families asked for is the one opened (fontconfig substituted
    /// another); generic names (sans-serif, monospace, …) never warn.
    func missingFamilyWarning(opened face: FontFace) -> String? {
        let generic: Set<String> = ["sans-serif", "sans", "serif", "monospace", "mono", "system-ui", "emoji", "cursive", "fantasy"]
        let openedFamilies = FontconfigPattern.families(of: face.pattern)
        let available = Set(openedFamilies.map { $0.lowercased() })
        let missing = requestedFamilies.filter { !generic.contains($0.lowercased()) && !available.contains($0.lowercased()) }
        guard !missing.isEmpty, missing.count == requestedFamilies.count else { return nil }
        return "font \"\(missing.joined(separator: ", "))\" not found; using \"\(openedFamilies.first ?? "unknown")\""
    }

    /// Every installed font in fontconfig's order of preference for this request, sorted on the
    /// first call only (FcFontSort costs milliseconds). Untrimmed: trimming drops fonts that add no
    /// new coverage, which could drop the colour emoji font behind a monochrome one.
    var fallbackCandidates: UnsafeBufferPointer<OpaquePointer?> {
        if sorted == nil {
            var result = FcResultMatch
            sorted = FcFontSort(nil, pattern, 0, nil, &result)
        }
        guard let sorted, let fonts = sorted.pointee.fonts else { return UnsafeBufferPointer(start: nil, count: 0) }
        return UnsafeBufferPointer(start: fonts, count: Int(sorted.pointee.nfont))
    }

    /// A font of `fallbackCandidates` prepared at this request's size and style (the caller owns
    /// it): FcFontRenderPrepare merges the request into the font's pattern and runs the config's
    /// font rules (synthetic bold for a bold request, the scaling of bitmap strikes).
    func prepare(candidate: OpaquePointer) -> OpaquePointer? {
        guard let prepared = FcFontRenderPrepare(nil, pattern, candidate) else { return nil }
        scaleBitmapStrikeToRequest(prepared)
        return prepared
    }

    /// A font without outlines (Noto Color Emoji: colour bitmaps in one 109-px strike) is drawn at
    /// its strike's size times the pattern's matrix. Fontconfig's stock 10-scale-bitmap-fonts.conf
    /// sets that matrix to requested ÷ strike size, and the rasterizer scales colour strikes by it;
    /// where a system's config lacks the rule, the emoji would come out at 109 px. This sets the
    /// same matrix then, and leaves a pattern the rule already scaled (or a strike within 20 % of
    /// the request, drawn crisp unscaled) as it is.
    func scaleBitmapStrikeToRequest(_ prepared: OpaquePointer) {
        guard FontconfigPattern.bool(xm_fc_outline(), of: prepared) == false,
              let wanted = FontconfigPattern.double(xm_fc_pixel_size(), of: pattern), wanted > 0,
              let strike = FontconfigPattern.double(xm_fc_pixel_size(), of: prepared), strike > 0 else { return }
        var matrix = FontconfigPattern.matrix(of: prepared) ?? FcMatrix(xx: 1, xy: 0, yx: 0, yy: 1)
        let drawn = strike * matrix.yy
        guard drawn > 0, abs(drawn / wanted - 1) > 0.2 else { return }
        let factor = wanted / drawn
        matrix.xx *= factor
        matrix.xy *= factor
        matrix.yx *= factor
        matrix.yy *= factor
        FcPatternDel(prepared, xm_fc_matrix())
        FcPatternAddMatrix(prepared, xm_fc_matrix(), &matrix)
    }
}
