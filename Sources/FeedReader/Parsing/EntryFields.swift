/// What one item or entry says, gathered as it is read, and the rules that make one
/// `ParsedFeed.Item` of it — the same every time, whatever order the elements came in.
struct EntryFields {
    /// Where a description may come from, in the order one is taken: full content first, then
    /// the format's own summary, then the modules'.
    enum DescriptionSource: Int, Comparable, CaseIterable {
        case contentEncoded, xhtmlBody, fullItem, description, summary, content, body, dublinCore, itunesSummary, mediaDescription

        static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
    }

    struct Link {
        var rel: String
        var href: String
    }

    /// Where a title may come from, in the order one is taken: the format's own, Dublin Core's, Media RSS's.
    enum TitleSource: Int, CaseIterable {
        case own, dublinCore, media
    }

    var titles: [TitleSource: String] = [:]
    var title: String? { TitleSource.allCases.lazy.compactMap { titles[$0] }.first { !$0.isEmpty } }
    /// The entry's own links in document order (never those of a nested image or source).
    var links: [Link] = []
    /// RSS `<guid>`, and whether it said isPermaLink (nil when it did not).
    var guid: (address: String, isPermaLink: Bool?)?
    /// Atom `<id>` and RDF `rdf:about`, resolved.
    var identifier: String?
    var descriptions: [DescriptionSource: String] = [:]

    mutating func addDescription(_ text: String, from source: DescriptionSource) {
        if !text.isEmpty, descriptions[source] == nil { descriptions[source] = text }
    }

    /// The link a click opens:
    /// 1. the first link that is `rel="alternate"` or has no rel;
    /// 2. the guid when it is a permalink — isPermaLink="true", or no isPermaLink and an http(s)
    ///    address — or an Atom id / RDF about that is an http(s) address;
    /// 3. the first link of another kind, but not `self` or `edit` (addresses for programs).
    var link: String {
        let alternates = ["", "alternate", "http://www.iana.org/assignments/relation/alternate"]
        if let link = links.first(where: { alternates.contains($0.rel) && !$0.href.isEmpty }) { return link.href }
        if let guid, guid.isPermaLink == true || (guid.isPermaLink == nil && URIResolver.isWebAddress(guid.address)) {
            return guid.address
        }
        if let identifier, URIResolver.isWebAddress(identifier) { return identifier }
        return links.first { !["self", "edit", "edit-media"].contains($0.rel) && !$0.href.isEmpty }?.href ?? ""
    }

    var item: ParsedFeed.Item? {
        let description = DescriptionSource.allCases.lazy.compactMap { descriptions[$0] }.first ?? ""
        let title = title ?? ""
        guard !title.isEmpty || !description.isEmpty else { return nil }
        return ParsedFeed.Item(title: title, link: link, description: description)
    }
}
