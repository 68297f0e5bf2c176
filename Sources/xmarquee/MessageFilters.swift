import MarqueeCore
import MarqueeFormats
import MarqueeIO

/// The `--include` / `--exclude` filters and each feed's own, compiled once at start: words
/// matched in Swift, regular expressions by POSIX regexec (`PosixRegex`).
enum MessageFilters {
    struct Invalid: Error, CustomStringConvertible {
        let description: String
    }

    /// A pattern as written, compiled; its error says what is wrong with it.
    static func matcher(_ text: String) throws(Invalid) -> any TextMatcher {
        let pattern: FilterPattern
        do {
            pattern = try FilterPattern(parsing: text)
        } catch {
            throw Invalid(description: error.description)
        }
        return try matcher(pattern)
    }

    static func matcher(_ pattern: FilterPattern) throws(Invalid) -> any TextMatcher {
        do {
            return try PosixRegex.matcher(for: pattern)
        } catch {
            throw Invalid(description: "\(pattern): \(error.description)")
        }
    }

    /// The rules for some patterns, named for `ctl status` with `prefix` ("" for the global
    /// ones, "feed 0 " for a feed's own). Patterns were checked with the options: one that fails
    /// now is left out.
    static func rules(include: [FilterPattern], exclude: [FilterPattern], prefix: String) -> [MessageFilter.Rule] {
        let includeLabel = prefix + "include " + include.map(\.description).joined(separator: " | ")
        return exclude.compactMap { pattern in
            (try? matcher(pattern)).map { MessageFilter.Rule(label: prefix + "exclude \(pattern)", excludes: true, matcher: $0) }
        } + include.compactMap { pattern in
            (try? matcher(pattern)).map { MessageFilter.Rule(label: includeLabel, excludes: false, matcher: $0) }
        }
    }
}
