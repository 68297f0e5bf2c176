import MarqueeCore
import MarqueeFormats

/// `--include` / `--exclude` patterns: a pattern parses or is one error, what it prints parses
/// back to itself, and its words never match by accident of case folding beyond the text.
enum FilterPatternFuzz: FuzzTarget {
    static let name = "filter-pattern"

    static func run(_ data: [UInt8]) {
        let text = String(decoding: data, as: UTF8.self)
        guard let pattern = try? FilterPattern(parsing: text) else { return }
        FuzzTargets.require((try? FilterPattern(parsing: pattern.description)) == pattern, "\(pattern) does not read back")
        if case .words(let words) = pattern {
            FuzzTargets.require(!words.isEmpty, "empty words")
            FuzzTargets.require(WordMatcher(words).matches(words), "words do not match themselves")
            _ = WordMatcher(words).matches(text)
        }
    }
}
