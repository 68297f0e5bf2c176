/// A notification body's markup (the spec's subset of HTML: `<b>`, `<i>`, `<u>`, `<a href>`,
/// `<img alt>`, entities) reduced to one line of plain text: tags dropped, an image by its alt
/// text, the five XML entities and numeric references decoded, line breaks as spaces. Anything
/// else is shown as written; nothing in it is ever read as the ticker's own formatting.
public enum NotificationMarkup {
    static let entities: [Substring: String] = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{A0}"]

    public static func plainText(_ markup: String, limit: Int = 4096) -> String {
        var result = ""
        var rest = markup[...]
        while let character = rest.popFirst(), result.utf8.count < limit {
            switch character {
            case "<":
                // A tag ends at the next '>'; a lone '<' (text, not a tag) is kept.
                guard let close = rest.firstIndex(of: ">"), rest.distance(from: rest.startIndex, to: close) < 1024,
                      let first = rest.first, first.isLetter || first == "/" || first == "!" else {
                    result.append(character)
                    continue
                }
                let tag = rest[..<close]
                rest = rest[rest.index(after: close)...]
                if let alt = altText(tag) { result += alt }
                if tag.lowercased().hasPrefix("br") { result += " " }
            case "&":
                guard let semicolon = rest.prefix(12).firstIndex(of: ";"),
                      let decoded = entity(rest[..<semicolon]) else {
                    result.append(character)
                    continue
                }
                result += decoded
                rest = rest[rest.index(after: semicolon)...]
            default:
                result.append(character)
            }
        }
        return TextSanitizer.singleLine(result).trimmingSpaces
    }

    private static func entity(_ name: Substring) -> String? {
        if let known = entities[name] { return known }
        guard name.first == "#" else { return nil }
        let digits = name.dropFirst()
        let value = digits.first == "x" || digits.first == "X" ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
        return value.flatMap(Unicode.Scalar.init).map { String(Character($0)) }
    }

    /// `<img src="…" alt="text"/>`: its alt text.
    private static func altText(_ tag: Substring) -> String? {
        guard tag.lowercased().hasPrefix("img") else { return nil }
        var rest = tag[...]
        while !rest.isEmpty {
            if rest.hasPrefix("alt=\"") { return String(rest.dropFirst(5).prefix { $0 != "\"" }) }
            rest = rest.dropFirst()
        }
        return nil
    }
}
