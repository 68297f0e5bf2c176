import Glibc
import MarqueeCore
import MarqueeFormats

/// A `/regex/` filter pattern compiled with POSIX `regcomp` (extended syntax, as `grep -E`),
/// matched with `regexec`: Glibc's engine, so the ticker needs no Foundation for it. Matched on
/// the UTF-8 bytes in the C locale: `/i` folds ASCII letters only.
public final class PosixRegex: TextMatcher, @unchecked Sendable {
    private var compiled = regex_t()

    public struct Invalid: Error, CustomStringConvertible {
        public let description: String
    }

    public init(_ source: String, ignoreCase: Bool) throws(Invalid) {
        let flags = REG_EXTENDED | REG_NOSUB | (ignoreCase ? REG_ICASE : 0)
        let status = regcomp(&compiled, source, flags)
        guard status == 0 else {
            var message = [CChar](repeating: 0, count: 256)
            regerror(status, &compiled, &message, message.count)
            throw Invalid(description: String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
    }

    deinit { regfree(&compiled) }

    public func matches(_ text: String) -> Bool {
        // A NUL would end the text early for regexec; messages never hold one (sanitized).
        regexec(&compiled, text, 0, nil, 0) == 0
    }

    /// The matcher for a parsed pattern: words matched in Swift, a regular expression by regexec.
    public static func matcher(for pattern: FilterPattern) throws(Invalid) -> any TextMatcher {
        switch pattern {
        case .words(let words): return WordMatcher(words)
        case .regex(let source, let ignoreCase): return try PosixRegex(source, ignoreCase: ignoreCase)
        }
    }
}
