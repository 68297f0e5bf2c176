import CFonts

/// Checks a `--font` pattern before any display is opened: fontconfig must be able to parse it,
/// and the sizes it asks for must be drawable. Fontconfig itself takes `size=-5` or `size=0` and
/// a match would then be a font a few pixels high, which only shows as a strangely thin window.
public enum FontPatternCheck {
    /// Points; at 96 dpi about 1300 px, well within X's 16-bit sizes.
    static let largestSize = 1000.0
    /// Pixels: one glyph must fit the tallest window X allows.
    static let largestPixelSize = 2000.0

    /// What is wrong with the pattern, in words for `invalid --font "…": …`; nil when it is fine.
    public static func problem(in pattern: String) -> String? {
        guard !pattern.isEmpty, let parsed = FcNameParse(pattern) else { return "not a fontconfig pattern" }
        defer { FcPatternDestroy(parsed) }
        if let size = FontconfigPattern.double(xm_fc_size(), of: parsed), !(size > 0 && size <= largestSize) {
            return "the size must be more than 0 and at most \(Int(largestSize)) points"
        }
        if let pixels = FontconfigPattern.double(xm_fc_pixel_size(), of: parsed), !(pixels > 0 && pixels <= largestPixelSize) {
            return "the pixel size must be more than 0 and at most \(Int(largestPixelSize)) pixels"
        }
        return nil
    }
}
