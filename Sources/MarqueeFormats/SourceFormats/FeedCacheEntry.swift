/// What the ticker keeps of one feed between runs (`FeedCache` stores it as one file): the last
/// items, the validators for a conditional request, where a permanent redirect led, when it was
/// last fetched and what the server asked for (wait until, may be cached for, gone for good).
///
/// The file is `RecordLine` lines, versioned by its first line and closed by `end`, so a file
/// cut short by a crash, written by another program or by a future version is recognised:
///
///     xmarquee-feed-cache <TAB> 1 <TAB> url      the feed as configured (the file's name is its hash)
///     fetched <TAB> seconds <TAB> status          last fetch, seconds since 1970; HTTP status or empty
///     validators <TAB> etag <TAB> last-modified <TAB> ttl
///     moved <TAB> url                             where a 301/308 led, an http(s) address (optional)
///     not-before <TAB> seconds                    Retry-After, as a time (optional)
///     max-age <TAB> seconds                       Cache-Control max-age (optional)
///     gone                                        the server answered 410 (optional)
///     title <TAB> text                            the feed's own title (optional)
///     descriptions                                the items' text has their descriptions (optional)
///     item <TAB> text <TAB> link                  zero or more, in order
///     end
public struct FeedCacheEntry: Equatable, Sendable {
    public static let version = "1"
    /// The most one file may hold: items past it are left out when writing, and a bigger file is
    /// not read.
    public static let byteLimit = 1 << 20

    public var url: String
    public var fetchedAt: Double
    public var status: Int?
    public var validators = FeedRecord.Validators()
    public var movedTo: String?
    public var notBefore: Double?
    public var maxAge: Int?
    public var gone = false
    public var title: String?
    /// Whether the items were fetched with their descriptions (`--feed-descriptions`): when that
    /// setting changes, the items must be fetched anew, not confirmed by a 304.
    public var descriptions = false
    public var items: [Item] = []

    public struct Item: Equatable, Sendable {
        public var text: String
        public var link: String
        public init(text: String, link: String) {
            self.text = text
            self.link = link
        }
    }

    public init(url: String, fetchedAt: Double) {
        self.url = url
        self.fetchedAt = fetchedAt
    }

    /// Why a file is not a usable entry for the feed asked for.
    public enum ReadError: Error, Equatable, CustomStringConvertible {
        /// Not a feed cache of this version, or one for another address.
        case foreign
        /// A line that is no record, or no `end`: cut short or damaged.
        case corrupt(line: Int)

        public var description: String {
            switch self {
            case .foreign: return "not a feed cache of this version for this address"
            case .corrupt(let line): return "damaged at line \(line)"
            }
        }
    }

    /// The file's text; items that would take it past `byteLimit` are left out.
    public var text: String {
        var lines = [RecordLine.line(["xmarquee-feed-cache", Self.version, url]),
                     RecordLine.line(["fetched", Self.number(fetchedAt), status.map(String.init) ?? ""]),
                     RecordLine.line(["validators", validators.etag, validators.lastModified, validators.ttl.map(String.init) ?? ""])]
        if let movedTo { lines.append(RecordLine.line(["moved", movedTo])) }
        if let notBefore { lines.append(RecordLine.line(["not-before", Self.number(notBefore)])) }
        if let maxAge { lines.append(RecordLine.line(["max-age", String(maxAge)])) }
        if gone { lines.append(RecordLine.line(["gone"])) }
        if let title { lines.append(RecordLine.line(["title", title])) }
        if descriptions { lines.append(RecordLine.line(["descriptions"])) }
        let end = RecordLine.line(["end"])
        var size = lines.reduce(end.utf8.count) { $0 + $1.utf8.count }
        for item in items {
            let line = RecordLine.line(["item", item.text, item.link])
            size += line.utf8.count
            if size > Self.byteLimit { break }
            lines.append(line)
        }
        return lines.joined() + end
    }

    /// Reads a file's text for the feed at `url`.
    public init(text: String, url: String) throws(ReadError) {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)[...]
        guard let first = lines.popFirst(), RecordLine.fields(first) == ["xmarquee-feed-cache", Self.version, url] else {
            throw .foreign
        }
        self.init(url: url, fetchedAt: 0)
        var number = 1
        var sawFetched = false
        while let line = lines.popFirst() {
            number += 1
            let fields = RecordLine.fields(line)
            switch (fields[0], fields.count) {
            case ("fetched", 3):
                guard let time = Double(fields[1]), time.isFinite else { throw .corrupt(line: number) }
                fetchedAt = time
                status = Int(fields[2])
                sawFetched = true
            case ("validators", 4): validators = .init(etag: fields[1], lastModified: fields[2], ttl: Int(fields[3]))
            case ("moved", 2): movedTo = fields[1]
            case ("not-before", 2):
                guard let time = Double(fields[1]), time.isFinite else { throw .corrupt(line: number) }
                notBefore = time
            case ("max-age", 2):
                guard let seconds = Int(fields[1]) else { throw .corrupt(line: number) }
                maxAge = seconds
            case ("gone", 1): gone = true
            case ("title", 2): title = fields[1]
            case ("descriptions", 1): descriptions = true
            case ("item", 3): items.append(Item(text: fields[1], link: fields[2]))
            case ("end", 1):
                // Only the final newline may follow.
                guard sawFetched, lines.allSatisfy(\.isEmpty), lines.count <= 1 else { throw .corrupt(line: number) }
                return
            default: throw .corrupt(line: number)
            }
        }
        throw .corrupt(line: number)
    }

    private static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
