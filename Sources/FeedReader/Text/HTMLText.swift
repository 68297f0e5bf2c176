import Foundation

/// Plain text from the HTML that feeds put in titles and descriptions: tags removed (script and
/// style with their content), character references decoded (all of HTML5's names), white space
/// collapsed. Not an HTML parser — a ticker needs readable words, not structure. A `<` not
/// followed by a letter, `/`, `!` or `?` is text ("a < b"), as HTML tokenizers read it.
public enum HTMLText {
    public static func plainText(fromHTML html: String) -> String {
        var text = ""
        var rest = withoutCDATAMarkers(html)[...]
        while let open = rest.firstIndex(of: "<") {
            text += rest[..<open]
            let afterOpen = rest[rest.index(after: open)...]
            guard let next = afterOpen.first, next.isLetter || next == "/" || next == "!" || next == "?" else {
                text += "<"
                rest = afterOpen
                continue
            }
            if afterOpen.hasPrefix("!--") {
                rest = afterOpen.range(of: "-->").map { afterOpen[$0.upperBound...] } ?? ""
                continue
            }
            guard let close = afterOpen.firstIndex(of: ">") else {
                // An unfinished tag at the end is dropped; an unfinished `<!DOCTYPE ~` is text.
                if next == "!" { text += "<"; rest = afterOpen; continue }
                rest = ""
                break
            }
            let tag = afterOpen[..<close].lowercased()
            rest = afterOpen[afterOpen.index(after: close)...]
            for hidden in hiddenElements where tag.hasPrefix(hidden) && endsName(tag.dropFirst(hidden.count)) {
                rest = rest.range(of: "</\(hidden)", options: .caseInsensitive)
                    .map { rest[$0.upperBound...].drop { $0 != ">" }.dropFirst() } ?? ""
            }
            // Block-level breaks become spaces so words from two paragraphs do not run together.
            if blockElements.contains(tag.drop { $0 == "/" }.prefix { $0.isLetter || $0.isNumber }) { text += " " }
        }
        text += rest
        return collapseWhiteSpace(decodeEntities(text))
    }

    /// A CDATA section inside HTML (a feed's CDATA nested in another, cut short by the inner
    /// end) holds more of the same HTML: its markers go, its content is read like the rest, its
    /// scripts dropped like any others.
    private static func withoutCDATAMarkers(_ html: String) -> String {
        guard html.contains("<![CDATA[") else { return html }
        return html.replacingOccurrences(of: "<![CDATA[", with: "").replacingOccurrences(of: "]]>", with: "")
    }

    /// Elements whose content is code, not text: never shown, in HTML or in XHTML.
    static let hiddenElements = ["script", "style"]

    /// Whether what follows a tag's name in `<name …>` ends the name: nothing, white space or `/`.
    private static func endsName(_ rest: Substring) -> Bool {
        rest.first.map { $0.isWhitespace || $0 == "/" } ?? true
    }

    /// Elements that end a line or a cell: a space stands for them. Inline ones (`<b>`, `<a>`)
    /// join their words to the text around them.
    static let blockElements: Set<Substring> = [
        "p", "br", "div", "li", "ul", "ol", "dl", "dt", "dd", "tr", "td", "th", "table", "h1", "h2", "h3", "h4", "h5", "h6",
        "blockquote", "pre", "hr", "section", "article", "header", "footer", "figure", "figcaption", "img", "address",
    ]

    /// Runs of white space become one space, leading and trailing ones go. Split by scalar, not
    /// by Character: a joiner after a space (`&zwj;`, `&zwnj;`) makes one Character with it,
    /// which would count as white space and take the joiner with it.
    public static func collapseWhiteSpace(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        var pendingSpace = false
        for scalar in text.unicodeScalars {
            if scalar.properties.isWhitespace {
                pendingSpace = !out.isEmpty
                continue
            }
            if pendingSpace { out.append(" ") }
            pendingSpace = false
            out.append(scalar)
        }
        return String(out)
    }

    /// Decodes `&name;` (HTML5's names), `&#123;` and `&#x7B;`; an unknown name stays as written.
    public static func decodeEntities(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var out = ""
        var rest = text[...]
        while let amp = rest.firstIndex(of: "&") {
            out += rest[..<amp]
            let tail = rest[rest.index(after: amp)...]
            if let semicolon = tail.prefix(40).firstIndex(of: ";"), let decoded = characters(for: tail[..<semicolon]) {
                out.unicodeScalars.append(contentsOf: decoded)
                rest = tail[tail.index(after: semicolon)...]
            } else {
                out += "&"
                rest = tail
            }
        }
        return out + rest
    }

    static func characters(for reference: Substring) -> [Unicode.Scalar]? {
        if reference.hasPrefix("#x") || reference.hasPrefix("#X") {
            return UInt32(reference.dropFirst(2), radix: 16).map { [scalar($0)] }
        }
        if reference.hasPrefix("#") { return UInt32(reference.dropFirst()).map { [scalar($0)] } }
        return HTMLEntities.characters(named: reference)
    }

    /// NUL and surrogates are not characters; U+FFFD stands in, as for invalid UTF-8. 128–159
    /// are Windows-1252's characters there, as HTML5 reads them (`&#146;` is ’).
    static func scalar(_ value: UInt32) -> Unicode.Scalar {
        if (0x80...0x9F).contains(value), let text = windows1252?.utf8([UInt8(value)][...]).text,
           let decoded = String(decoding: text, as: UTF8.self).unicodeScalars.first {
            return decoded
        }
        return value == 0 ? "\u{FFFD}" : Unicode.Scalar(value) ?? "\u{FFFD}"
    }

    nonisolated(unsafe) private static let windows1252 = Iconv(from: "WINDOWS-1252")
}
