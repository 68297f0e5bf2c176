/// The strings shaped text is checked with, each with the font that draws it: kerning pairs,
/// ligatures, Devanagari conjuncts and matras, Thai stacked marks, Arabic joining with lam-alef
/// and harakat, pointed Hebrew, CJK, emoji sequences (ZWJ family, flags, skin tones, keycaps,
/// VS16) and combining Latin marks.
struct ShapingSample {
    let name: String
    let text: String
    /// The fontconfig pattern of the ticker's font (the emoji come from fallback).
    let pattern: String
    /// The family that must draw every glyph.
    let family: String
    /// Pango's font description for the same font and pixel size.
    let pangoFont: String
    var rightToLeft = false
    var features = ""

    /// Drawn from a colour bitmap strike, which Xft and cairo scale with different filters.
    var isBitmap: Bool { family == "Noto Color Emoji" }

    static let all: [ShapingSample] = [
        ShapingSample(name: "kerning", text: "AVAWAY To Yo P. LT", pattern: "DejaVu Sans:pixelsize=32",
                      family: "DejaVu Sans", pangoFont: "DejaVu Sans 32"),
        ShapingSample(name: "ligatures", text: "office ffi fl", pattern: "DejaVu Sans:pixelsize=32",
                      family: "DejaVu Sans", pangoFont: "DejaVu Sans 32"),
        ShapingSample(name: "ligatures off", text: "office ffi fl", pattern: "DejaVu Sans:pixelsize=32",
                      family: "DejaVu Sans", pangoFont: "DejaVu Sans 32", features: "liga=0"),
        ShapingSample(name: "combining Latin", text: "cafe\u{301} n\u{303}o a\u{308}\u{304}", pattern: "DejaVu Sans:pixelsize=32",
                      family: "DejaVu Sans", pangoFont: "DejaVu Sans 32"),
        ShapingSample(name: "Devanagari", text: "हिन्दी नमस्ते क्ष त्र", pattern: "Noto Sans Devanagari:pixelsize=32",
                      family: "Noto Sans Devanagari", pangoFont: "Noto Sans Devanagari 32"),
        ShapingSample(name: "Thai", text: "ที่นี่ น้ำ สวัสดีครับ", pattern: "Noto Sans Thai:pixelsize=32",
                      family: "Noto Sans Thai", pangoFont: "Noto Sans Thai 32"),
        ShapingSample(name: "Arabic", text: "لا إِلَه السَّلَامُ عَلَيْكُمْ", pattern: "Noto Sans Arabic:pixelsize=32",
                      family: "Noto Sans Arabic", pangoFont: "Noto Sans Arabic 32", rightToLeft: true),
        ShapingSample(name: "Hebrew", text: "שָׁלוֹם עוֹלָם", pattern: "Noto Sans Hebrew:pixelsize=32",
                      family: "Noto Sans Hebrew", pangoFont: "Noto Sans Hebrew 32", rightToLeft: true),
        ShapingSample(name: "CJK", text: "日本語のテキスト", pattern: "Droid Sans Fallback:pixelsize=32",
                      family: "Droid Sans Fallback", pangoFont: "Droid Sans Fallback 32"),
        ShapingSample(name: "emoji family", text: "👨‍👩‍👧", pattern: "DejaVu Sans:pixelsize=32",
                      family: "Noto Color Emoji", pangoFont: "Noto Color Emoji 32"),
        ShapingSample(name: "flags", text: "🇩🇪🇧🇷", pattern: "DejaVu Sans:pixelsize=32",
                      family: "Noto Color Emoji", pangoFont: "Noto Color Emoji 32"),
        ShapingSample(name: "skin tone", text: "👍🏽", pattern: "DejaVu Sans:pixelsize=32",
                      family: "Noto Color Emoji", pangoFont: "Noto Color Emoji 32"),
        ShapingSample(name: "keycap", text: "1️⃣", pattern: "DejaVu Sans:pixelsize=32",
                      family: "Noto Color Emoji", pangoFont: "Noto Color Emoji 32"),
        ShapingSample(name: "VS16", text: "❤️", pattern: "DejaVu Sans:pixelsize=32",
                      family: "Noto Color Emoji", pangoFont: "Noto Color Emoji 32"),
    ]
}
