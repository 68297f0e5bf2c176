/// One `--include` / `--exclude` pattern as written: words, matched where a word starts and in
/// any case ("sport" holds back "Sports night" but not "transport"), or a regular expression
/// between slashes (`/sport(s)?/`, `/^breaking/i` for any case), which the caller compiles.
public enum FilterPattern: Equatable, Sendable, CustomStringConvertible {
    case words(String)
    case regex(String, ignoreCase: Bool)

    public struct Invalid: Error, Equatable, CustomStringConvertible {
        public let description: String
    }

    public init(parsing text: String) throws(Invalid) {
        if text.count >= 2, text.first == "/" {
            // `/…/` or `/…/i`: the last slash ends the expression, a slash inside is its own.
            guard let close = text.dropFirst().lastIndex(of: "/") else {
                throw Invalid(description: "a regular expression needs its closing '/', as in /sport/ or /sport/i")
            }
            let source = String(text[text.index(after: text.startIndex)..<close])
            let flags = text[text.index(after: close)...]
            guard flags.isEmpty || flags == "i" else {
                throw Invalid(description: "unknown flag \"\(flags)\" after the regular expression (only i, for any case)")
            }
            guard !source.isEmpty else { throw Invalid(description: "an empty regular expression") }
            self = .regex(source, ignoreCase: flags == "i")
            return
        }
        let words = text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
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
