import Foundation

/// How a field's text turns into the plain text a ticker shows, each form undone exactly once:
/// HTML (RSS titles and descriptions by convention, Atom `type="html"`) has its tags removed and
/// references decoded; Atom `type="text"` is shown as written; xhtml is the text of its markup,
/// already decoded by the XML parser; base64 (Atom 0.3 `mode="base64"`, Atom 1.0 content of a
/// non-text MIME type) is decoded first and then read as its type says.
indirect enum TextConstruct: Equatable {
    case text
    case html
    case xhtml
    case base64(TextConstruct)

    /// Atom's `type` (1.0: text, html, xhtml or a MIME type; 0.3: a MIME type) and 0.3's `mode`.
    static func atom(type: String?, mode: String?) -> TextConstruct {
        let given = type?.trimmingCharacters(in: .whitespaces).lowercased()
        let type = given ?? "text"
        let kind: TextConstruct
        switch type {
        case "html", "text/html": kind = .html
        case "xhtml", "application/xhtml+xml": kind = .xhtml
        case "text", "", "text/plain": kind = .text
        case _ where type.hasPrefix("text/"): kind = .text
        case _ where type.hasSuffix("+xml") || type.hasSuffix("/xml"): kind = .xhtml
        default: kind = mode == nil ? .base64(.html) : .text // RFC 4287 4.1.3.3: other types are base64
        }
        switch mode?.lowercased() {
        // Base64 hides what the text is: unless a type says plain text outright, the decoded
        // text is read as HTML, as readers show it (feedparser's `<p>History of the &lt;blink&gt; tag</p>`).
        case "base64"?: return .base64(given == "text" || given == "text/plain" ? .text : .html)
        // Escaped is how the markup was written, already undone by the XML parser: the type
        // alone says whether the text is HTML (text/plain, 0.3's default, keeps a literal `<b>`).
        case "escaped"?: return kind
        default: return kind
        }
    }

    /// The text a reader shows; text that went through the wrong decoder is mended first
    /// (`MisdecodedText`), before a C1 "next line" could count as white space.
    func plainText(_ raw: String) -> String {
        switch self {
        case .text, .xhtml: return HTMLText.collapseWhiteSpace(MisdecodedText.mended(raw))
        case .html: return HTMLText.plainText(fromHTML: MisdecodedText.mended(raw))
        case .base64(let inner):
            guard let data = Data(base64Encoded: raw, options: .ignoreUnknownCharacters) else { return "" }
            return inner.plainText(String(decoding: data, as: UTF8.self))
        }
    }
}
