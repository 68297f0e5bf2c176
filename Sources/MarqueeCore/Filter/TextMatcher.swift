/// Whether a message's text matches a filter pattern. Words are matched here; a regular
/// expression by the platform's engine (POSIX regexec in the ticker, `PosixRegex`).
public protocol TextMatcher: Sendable {
    func matches(_ text: String) -> Bool
}

/// Words matched where a word starts, in any case: the pattern's words in a row with no letter
/// or digit right before them, so "sport" holds back "Sports" and "sporting" but not "transport".
public struct WordMatcher: TextMatcher {
    private let words: [Unicode.Scalar]

    public init(_ words: String) {
        self.words = Array(words.lowercased().unicodeScalars)
    }

    public func matches(_ text: String) -> Bool {
        guard !words.isEmpty else { return false }
        let scalars = Array(text.lowercased().unicodeScalars)
        guard scalars.count >= words.count else { return false }
        for start in 0...(scalars.count - words.count) where scalars[start] == words[0] {
            guard scalars[start..<start + words.count].elementsEqual(words) else { continue }
            if start == 0 || !Self.isWordScalar(scalars[start - 1]) { return true }
        }
        return false
    }

    private static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isAlphabetic || scalar.properties.numericType != nil
    }
}
