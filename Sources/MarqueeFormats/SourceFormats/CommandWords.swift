/// Splits a command written on one line into an argument vector the way a POSIX shell splits
/// words — blanks separate, 'single quotes' keep everything, "double quotes" keep everything but
/// \" \\ \$ \` escapes, a backslash outside quotes escapes the next character — and does nothing
/// else: no variables, globs, pipes or redirections. The words are run directly, never through
/// a shell; who wants a shell writes `sh -c '…'` and gets one explicitly.
public enum CommandWords {
    public struct SplitError: Error, Equatable, CustomStringConvertible {
        public let description: String
    }

    public static func split(_ line: String) throws(SplitError) -> [String] {
        var words: [String] = []
        var word = ""
        var inWord = false
        var scalars = line.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            switch scalar {
            case " ", "\t", "\n":
                if inWord { words.append(word) }
                word = ""
                inWord = false
            case "'":
                inWord = true
                while true {
                    guard let next = scalars.next() else { throw SplitError(description: "unterminated ' quote") }
                    if next == "'" { break }
                    word.unicodeScalars.append(next)
                }
            case "\"":
                inWord = true
                while true {
                    guard let next = scalars.next() else { throw SplitError(description: "unterminated \" quote") }
                    if next == "\"" { break }
                    if next == "\\" {
                        guard let escaped = scalars.next() else { throw SplitError(description: "unterminated \" quote") }
                        if !["\"", "\\", "$", "`", "\n"].contains(escaped) { word.unicodeScalars.append(next) }
                        if escaped != "\n" { word.unicodeScalars.append(escaped) }
                    } else {
                        word.unicodeScalars.append(next)
                    }
                }
            case "\\":
                guard let escaped = scalars.next() else { throw SplitError(description: "a lone \\ at the end") }
                inWord = true
                if escaped != "\n" { word.unicodeScalars.append(escaped) }
            default:
                inWord = true
                word.unicodeScalars.append(scalar)
            }
        }
        if inWord { words.append(word) }
        guard !words.isEmpty else { throw SplitError(description: "no command given") }
        return words
    }
}
