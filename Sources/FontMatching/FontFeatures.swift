import CFonts

/// OpenType features for the whole ticker, in CSS `font-feature-settings` syntax as HarfBuzz
/// reads it: `"liga=0, tnum"`, `"-kern"`, `"ss01"`, `"\"smcp\" on"`. Kerning, standard
/// ligatures, mark positioning and contextual forms are on by default; these change that.
public struct FontFeatures: Sendable {
    public struct ParseError: Error, CustomStringConvertible {
        public let feature: String
        public var description: String { "invalid font feature \"\(feature)\"" }
    }

    /// The text as given (for `--print-config`).
    public let text: String
    let features: [hb_feature_t]
    /// The same with tabular digits (`tnum`) last, so they win over the user's `pnum`.
    private let withTabularDigits: [hb_feature_t]

    public static let none = FontFeatures(text: "", features: [])

    private init(text: String, features: [hb_feature_t]) {
        self.text = text
        self.features = features
        var tnum = hb_feature_t()
        _ = hb_feature_from_string("tnum", -1, &tnum)
        withTabularDigits = features + [tnum]
    }

    public init(parsing text: String) throws(ParseError) {
        var features: [hb_feature_t] = []
        for item in text.split(separator: ",") {
            let trimmed = item.trimmingSpaces
            guard !trimmed.isEmpty else { continue }
            var feature = hb_feature_t()
            guard hb_feature_from_string(trimmed, -1, &feature) != 0 else { throw ParseError(feature: trimmed) }
            features.append(feature)
        }
        self.init(text: text, features: features)
    }

    /// These features and, for a run that asks for it, tabular digits.
    func list(tabularDigits: Bool) -> [hb_feature_t] { tabularDigits ? withTabularDigits : features }
}

private extension Substring {
    var trimmingSpaces: String {
        String(drop(while: { $0 == " " || $0 == "\t" }).reversed().drop(while: { $0 == " " || $0 == "\t" }).reversed())
    }
}
