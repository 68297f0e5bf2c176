/// What a feed document says, whichever format it came in.
public struct ParsedFeed: Equatable, Sendable {
    public enum Format: String, Sendable {
        case rss = "RSS 0.91–2.0"
        case rdf = "RSS 0.90/1.0 (RDF)"
        case atom03 = "Atom 0.3"
        case atom = "Atom 1.0"
        case jsonFeed = "JSON Feed"
        /// Microsoft's Channel Definition Format (1997): `<CHANNEL>`, `<ITEM HREF>`, `<TITLE>`, `<ABSTRACT>`.
        case cdf = "CDF"
    }

    public struct Item: Equatable, Sendable {
        public var title: String
        public var link: String
        /// Plain text: HTML removed, entities decoded.
        public var description: String

        public init(title: String, link: String = "", description: String = "") {
            self.title = title
            self.link = link
            self.description = description
        }
    }

    public var format: Format
    public var items: [Item]
    /// How long the feed says it may be cached, in seconds (RSS <ttl>, RDF sy:updatePeriod).
    public var ttl: Int?
    /// Set when the document was not well-formed and was read anyway: the first problem, as the
    /// one line the ticker shows ("not well-formed (line 9: …): shown as recovered").
    public var recovery: String?
    /// The feed's own title (RSS channel, Atom feed, JSON Feed), plain text; nil when it has none.
    public var title: String?

    public init(format: Format, items: [Item], ttl: Int? = nil, recovery: String? = nil, title: String? = nil) {
        self.format = format
        self.items = items
        self.ttl = ttl
        self.recovery = recovery
        self.title = title
    }

    func recovered(_ recovery: String?) -> ParsedFeed {
        var feed = self
        feed.recovery = recovery
        return feed
    }
}

/// Why a document is not a feed we can show.
public struct FeedParseError: Error, Equatable, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
