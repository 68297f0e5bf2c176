/// The namespaces of the feed formats and of the modules feeds put inside their items.
enum FeedNamespace {
    static let atom = "http://www.w3.org/2005/Atom"
    static let atom03 = "http://purl.org/atom/ns#"
    static let rss10 = "http://purl.org/rss/1.0/"
    static let rss090 = "http://my.netscape.com/rdf/simple/0.9/"
    static let rdf = "http://www.w3.org/1999/02/22-rdf-syntax-ns#"
    static let content = "http://purl.org/rss/1.0/modules/content/"
    static let dublinCore = "http://purl.org/dc/elements/1.1/"
    static let itunes = "http://www.itunes.com/dtds/podcast-1.0.dtd"
    static let media = "http://search.yahoo.com/mrss/"
    static let syndication = "http://purl.org/rss/1.0/modules/syndication/"
    static let xml = "http://www.w3.org/XML/1998/namespace"
    static let xhtml = "http://www.w3.org/1999/xhtml"

    /// Apple's own feeds declare it with capitals (`…/DTDs/Podcast-1.0.dtd`); iTunes reads both.
    static func isITunes(_ namespace: String) -> Bool { namespace.lowercased() == itunes }

    /// Media RSS is also declared without its final slash.
    static func isMedia(_ namespace: String) -> Bool { namespace == media || namespace == "http://search.yahoo.com/mrss" }
}
