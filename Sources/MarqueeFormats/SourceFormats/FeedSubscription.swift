/// One `--feed` with its own settings: the address, then `key=value` words split like a shell
/// line (`CommandWords`), e.g. `https://example.com/rss title="World News" refresh=600
/// descriptions=true colour=#88c0d0`. A `[[feed]]` table of the config file becomes one of these.
public struct FeedSubscription: Equatable, Sendable {
    public var url: String
    /// Shown before each item ("World News: …").
    public var title: String?
    /// Seconds between fetches of this feed (overrides `--refresh`).
    public var refresh: Double?
    /// Follow titles with descriptions (overrides `--feed-descriptions`).
    public var descriptions: Bool?
    /// `#rgb` or `#rrggbb`: the colour of this feed's items.
    public var colour: String?
    /// This feed's own `--include` / `--exclude` patterns, on top of the global ones (repeatable:
    /// `exclude=sport exclude=/^ad:/`).
    public var include: [FilterPattern] = []
    public var exclude: [FilterPattern] = []
    /// `enabled=false`: kept in the config (an unselected feed imported from Tickr) but not fetched.
    public var enabled = true

    /// The settings a subscription may carry, in the order they are written back.
    public static let keys = ["title", "refresh", "descriptions", "colour", "include", "exclude", "enabled"]

    public struct Invalid: Error, Equatable, CustomStringConvertible {
        public let description: String
    }

    public init(url: String) { self.url = url }

    public init(parsing text: String) throws(Invalid) {
        let words: [String]
        do {
            words = try CommandWords.split(text)
        } catch {
            throw Invalid(description: error.description)
        }
        guard let url = words.first else { throw Invalid(description: "no address") }
        self.init(url: url)
        for word in words.dropFirst() {
            guard let equals = word.firstIndex(of: "=") else {
                throw Invalid(description: "expected key=value after the address, not \"\(word)\"")
            }
            let key = String(word[..<equals])
            let value = String(word[word.index(after: equals)...])
            switch key {
            case "title": title = value
            case "refresh":
                guard let seconds = Double(value), seconds.isFinite, seconds >= 1 else {
                    throw Invalid(description: "refresh=\(value): expected seconds, at least 1")
                }
                refresh = seconds
            case "descriptions", "enabled":
                guard value == "true" || value == "false" else {
                    throw Invalid(description: "\(key)=\(value): expected true or false")
                }
                if key == "enabled" { enabled = value == "true" } else { descriptions = value == "true" }
            case "include", "exclude":
                do {
                    let pattern = try FilterPattern(parsing: value)
                    if key == "include" { include.append(pattern) } else { exclude.append(pattern) }
                } catch {
                    throw Invalid(description: "\(key)=\(value): \(error.description)")
                }
            case "colour", "color":
                guard value.first == "#", [4, 7].contains(value.count), value.dropFirst().allSatisfy(\.isHexDigit) else {
                    throw Invalid(description: "colour=\(value): expected #rgb or #rrggbb")
                }
                colour = value
            default:
                throw Invalid(description: "unknown setting \"\(key)\" (known: \(Self.keys.joined(separator: ", ")))")
            }
        }
    }
}
