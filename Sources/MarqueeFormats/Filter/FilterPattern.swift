/// One `--include` / `--exclude` pattern as written: words, matched where a word starts and in
/// any case ("sport" holds back "Sports night" but not "transport"), or a regular expression
/// between slashes (`/sport(s)?/`, `/^breaking/i` for any case), which the caller compiles.
public enum FilterPattern: Equatable, Sendable, CustomStringConvertible {
    case words(String)
    case regex(String, ignoreCase: Bool)

    public struct Invalid: Error, Equatable, CustomStringConvertible {
        public let description: String
    }

    /// Read by Unicode scalars, not characters: a combining mark after a space would otherwise
    /// join it into one character that is not white space, and a pattern would not read back as
    /// what it prints.
    public init(parsing written: String) throws(Invalid) {
        // Space around a pattern is not part of it: ` /sport/` is the expression, as it reads.
        var text = Substring(written).unicodeScalars
        while text.first?.properties.isWhitespace == true { text.removeFirst() }
        while text.last?.properties.isWhitespace == true { text.removeLast() }
        if text.count >= 2, text.first == "/" {
            // `/…/` or `/…/i`: the last slash ends the expression, a slash inside is its own.
            guard let close = text.dropFirst().lastIndex(of: "/") else {
                throw Invalid(description: "a regular expression needs its closing '/', as in /sport/ or /sport/i")
            }
            let source = String(text[text.index(after: text.startIndex)..<close])
            let flags = String(text[text.index(after: close)...])
            guard flags.isEmpty || flags == "i" else {
                throw Invalid(description: "unknown flag \"\(flags)\" after the regular expression (only i, for any case)")
            }
            guard !source.isEmpty else { throw Invalid(description: "an empty regular expression") }
            self = .regex(source, ignoreCase: flags == "i")
            return
        }
        let words = text.split(whereSeparator: { $0.properties.isWhitespace }).map { String($0) }.joined(separator: " ")
        guard !words.isEmpty else { throw Invalid(description: "an empty pattern") }
        self = .words(words)
    }

    public var description: String {
        switch self {
        case .words(let words): return words
        case .regex(let source, let ignoreCase): return "/\(source)/" + (ignoreCase ? "i" : "")
        }
    }
}
