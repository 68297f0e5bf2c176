/// What a feed document says, whichever of the three formats it came in.
public struct ParsedFeed: Equatable, Sendable {
    public enum Format: String, Sendable {
        case rss2 = "RSS 2.0"
        case rdf = "RSS 1.0 (RDF)"
        case atom = "Atom"
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
}

/// Why a document is not a feed we can show.
public struct FeedParseError: Error, Equatable, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
