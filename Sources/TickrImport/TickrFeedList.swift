/// One feed of Tickr's list.
public struct TickrFeed: Equatable, Sendable {
    public var url: String
    /// The title Tickr took from the feed (or the user gave it); nil when the line has none.
    public var title: String?
    /// `*` in the list: Tickr shows it; `-`: kept in the list but not shown.
    public var selected: Bool

    public init(url: String, title: String?, selected: Bool) {
        self.url = url
        self.title = title
        self.selected = selected
    }
}

/// Tickr's feed list (`~/.tickr/tickr-url-list`): a line a feed, written by Tickr as
/// `%c%3d%s>%s` — `*` (selected) or `-` (not), the rank in three characters, the address, then
/// `>` and the title when there is one:
///
///     *  0https://rss.nytimes.com/services/xml/rss/nyt/World.xml>NYT > World News
///
/// As Tickr reads it, the title starts after the first `>` behind the address (an address holds
/// none: RFC 3986 wants it percent-encoded), so a title may hold `>` itself. Other lines are
/// ignored by Tickr and here too; lines that start like a feed but cannot be one are reported.
public struct TickrFeedList: Equatable, Sendable {
    public var feeds: [TickrFeed] = []
    /// One line each: what was wrong with a line, and that it was skipped.
    public var problems: [String] = []

    public init(bytes: [UInt8]) {
        for line in TickrLines(bytes: bytes) {
            if line.tooLong {
                problems.append("line \(line.number): longer than \(TickrLines.maxLength >> 10) kB, skipped")
                continue
            }
            guard let marker = line.bytes.first, marker == UInt8(ascii: "*") || marker == UInt8(ascii: "-") else { continue }
            do {
                let feed = try Self.feed(line.bytes, selected: marker == UInt8(ascii: "*"))
                if line.text == nil { problems.append("line \(line.number): the title is not UTF-8 (kept, its bad bytes shown as �)") }
                feeds.append(feed)
            } catch {
                problems.append("line \(line.number): \(error.reason), skipped")
            }
        }
    }

    struct Broken: Error {
        let reason: String
    }

    private static func feed(_ line: ArraySlice<UInt8>, selected: Bool) throws(Broken) -> TickrFeed {
        var rest = line.dropFirst()
        // The rank: three characters of spaces and digits (`%3d`). A list edited by hand may
        // lack it (`*https://…`): then the address follows the marker directly.
        let rank = rest.prefix(3)
        if rank.count == 3, rank.allSatisfy({ $0 == 0x20 || $0 == UInt8(ascii: "-") || (0x30...0x39).contains($0) }) {
            rest = rest.dropFirst(3)
        }
        let separator = rest.firstIndex(of: UInt8(ascii: ">"))
        let address = rest[..<(separator ?? rest.endIndex)]
        guard let url = String(validating: address, as: UTF8.self) else { throw Broken(reason: "the address is not UTF-8") }
        let trimmed = url.trimmingSpaces
        guard !trimmed.isEmpty else { throw Broken(reason: "no address") }
        guard !trimmed.unicodeScalars.contains(where: { $0.value < 0x21 || $0.value == 0x7F }) else {
            throw Broken(reason: "the address holds spaces or control characters")
        }
        var title: String?
        if let separator {
            // A title that is not UTF-8 (a hand edit in Latin-1) keeps its readable part.
            let text = String(decoding: rest[rest.index(after: separator)...], as: UTF8.self)
            // Control characters cannot be shown and would not survive the config file whole.
            let shown = String(String.UnicodeScalarView(text.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? " " : $0 }))
                .trimmingSpaces
            if !shown.isEmpty { title = shown }
        }
        return TickrFeed(url: trimmed, title: title, selected: selected)
    }
}

extension String {
    /// Without spaces and tabs at either end.
    var trimmingSpaces: String {
        var scalars = Substring(self).unicodeScalars
        while let first = scalars.first, first == " " || first == "\t" { scalars.removeFirst() }
        while let last = scalars.last, last == " " || last == "\t" { scalars.removeLast() }
        return String(scalars)
    }
}
