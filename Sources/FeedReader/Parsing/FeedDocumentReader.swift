import Foundation

/// Reads the events of one feed document: which format it is (by its root element), then each
/// item's fields as `EntryFields` — only the item's own children count, so a nested
/// `<image><title>` or an Atom `<source>` never stands for the item's title or link — and the
/// channel's refresh hints. Every link is resolved against the `xml:base` in effect where it
/// was written, itself resolved against the feed's address.
final class FeedDocumentReader: XMLEventHandler {
    private(set) var root: XMLName?
    private(set) var format: ParsedFeed.Format?
    private(set) var items: [ParsedFeed.Item] = []
    private(set) var ttl: Int?
    /// The feed's own title (the channel's, Atom's feed's), as plain text.
    private(set) var title: String?

    var isDone: Bool { (root != nil && format == nil) || items.count >= FeedParser.maxItems }

    private let address: String
    /// The base URI in effect at each open element, outermost first.
    private var bases: [String] = []
    /// The namespace of the format's own elements: RSS 2.0 has none, RSS 1.0 and 0.90 have theirs
    /// (known at the first item or channel), Atom 0.3 and 1.0 theirs.
    private var ownNamespace: String?
    private var entry: EntryFields?
    private var entryDepth = 0
    private var field: Field?
    /// The depth of a `<script>` or `<style>` open inside the field: its text is not the field's.
    private var hiddenDepth: Int?
    private var channelField: (name: String, depth: Int, construct: TextConstruct, text: [UInt8])?
    private var updatePeriod = "daily"
    private var updateFrequency = 1

    private struct Field {
        enum Kind {
            case title(EntryFields.TitleSource), link(rel: String), guid(isPermaLink: Bool?), identifier
            case description(EntryFields.DescriptionSource)
        }
        var kind: Kind
        var depth: Int
        var construct: TextConstruct
        var base: String
        var text: [UInt8] = []
    }

    init(address: String) { self.address = address }

    private var isAtom: Bool { format == .atom || format == .atom03 }

    func start(_ name: XMLName, attributes: [XMLName: String]) {
        let depth = bases.count
        let parentBase = bases.last ?? address
        let base = attributes[XMLName(namespace: FeedNamespace.xml, local: "base")]
            .map { URIResolver.resolve($0, against: parentBase) } ?? parentBase
        bases.append(base)
        guard root != nil else { return identify(name, attributes: attributes) }
        if field != nil || channelField != nil {
            // Markup inside a field (Atom xhtml, xhtml:body, HTML written unescaped): only its
            // text counts, a block element a space, a script or style nothing at all.
            let local = name.local.lowercased()
            if hiddenDepth == nil, HTMLText.hiddenElements.contains(local) { hiddenDepth = depth }
            if HTMLText.blockElements.contains(Substring(local)) {
                if field != nil { field?.text.append(0x20) } else { channelField?.text.append(0x20) }
            }
            return
        }
        guard entry != nil else {
            if isEntryElement(name) {
                entry = EntryFields()
                entryDepth = depth
                if let about = attributes[XMLName(namespace: FeedNamespace.rdf, local: "about")] {
                    entry?.identifier = URIResolver.resolve(about, against: base)
                }
                if format == .cdf, let href = attributes.first(where: { $0.key.local.lowercased() == "href" })?.value {
                    entry?.links.append(.init(rel: "", href: URIResolver.resolve(href, against: base)))
                }
            } else if (name.local == "ttl" && name.namespace == ownNamespace)
                        || (name.namespace == FeedNamespace.syndication && ["updatePeriod", "updateFrequency"].contains(name.local)) {
                channelField = (name.local, depth, .text, [])
            } else if rssName(name.local) == "title", name.namespace == ownNamespace || name.namespace == FeedNamespace.dublinCore,
                      title == nil, depth == (isAtom || format == .cdf ? 1 : 2) {
                // The channel's own title (or Dublin Core's), not an image's or a textinput's.
                let type = attributes[XMLName(namespace: "", local: "type")]
                let mode = format == .atom03 ? attributes[XMLName(namespace: "", local: "mode")] : nil
                channelField = ("title", depth, isAtom ? .atom(type: type, mode: mode) : .html, [])
            }
            return
        }
        func capture(_ kind: Field.Kind, _ construct: TextConstruct) {
            field = Field(kind: kind, depth: depth, construct: construct, base: base)
        }
        if FeedNamespace.isMedia(name.namespace) && ["description", "title"].contains(name.local) {
            // Media RSS puts them in <media:group> or <media:content> as often as in the item itself.
            let construct: TextConstruct = attributes[XMLName(namespace: "", local: "type")] == "html" ? .html : .text
            return capture(name.local == "title" ? .title(.media) : .description(.mediaDescription), construct)
        }
        guard depth == entryDepth + 1 else { return }
        let type = attributes[XMLName(namespace: "", local: "type")]
        let mode = format == .atom03 ? attributes[XMLName(namespace: "", local: "mode")] : nil
        switch (name.namespace, name.local) {
        case (FeedNamespace.content, "encoded"): capture(.description(.contentEncoded), .html)
        case (FeedNamespace.dublinCore, "description"): capture(.description(.dublinCore), .html)
        case (FeedNamespace.dublinCore, "title"): capture(.title(.dublinCore), .html)
        case (FeedNamespace.xhtml, "body"): capture(.description(.xhtmlBody), .xhtml)
        case (let namespace, "summary") where FeedNamespace.isITunes(namespace): capture(.description(.itunesSummary), .text)
        case (ownNamespace, let local) where isAtom:
            switch local {
            case "title": capture(.title(.own), .atom(type: type, mode: mode))
            case "summary": capture(.description(.summary), .atom(type: type, mode: mode))
            case "content" where attributes[XMLName(namespace: "", local: "src")] == nil:
                capture(.description(.content), .atom(type: type, mode: mode))
            case "id": capture(.identifier, .text)
            case "link":
                let rel = attributes[XMLName(namespace: "", local: "rel")]?.trimmingCharacters(in: .whitespaces) ?? ""
                if let href = attributes[XMLName(namespace: "", local: "href")] {
                    entry?.links.append(.init(rel: rel, href: URIResolver.resolve(href, against: base)))
                } else {
                    capture(.link(rel: rel), .text) // the address written as the element's text
                }
            default: break
            }
        case (ownNamespace, let local):
            switch rssName(local) {
            case "title": capture(.title(.own), .html)
            case "link": capture(.link(rel: ""), .text)
            case "description": capture(.description(.description), .html)
            case "fullitem": capture(.description(.fullItem), .html)
            case "body": capture(.description(.body), .html)
            case "abstract" where format == .cdf: capture(.description(.summary), .html)
            case "guid":
                let permalink = attributes[XMLName(namespace: "", local: "isPermaLink")]?.trimmingCharacters(in: .whitespaces).lowercased()
                capture(.guid(isPermaLink: permalink.map { $0 == "true" }), .text)
            default: break
            }
        default: break
        }
    }

    /// The most of one field's text that is kept: a ticker shows a line, and a megabyte title
    /// would only cost time in every step after this one.
    static let fieldLimit = 256 << 10

    func text(_ bytes: UnsafeBufferPointer<UInt8>) {
        if hiddenDepth != nil { return }
        if field != nil {
            let room = Self.fieldLimit - field!.text.count
            if room > 0 { field!.text.append(contentsOf: bytes.prefix(room)) }
        } else if channelField != nil {
            let room = 1024 - channelField!.text.count
            if room > 0 { channelField!.text.append(contentsOf: bytes.prefix(room)) }
        }
    }

    func end() {
        let depth = bases.count - 1
        bases.removeLast()
        if hiddenDepth == depth { hiddenDepth = nil }
        if let current = field, current.depth == depth {
            field = nil
            hiddenDepth = nil
            finish(current)
        } else if let channel = channelField, channel.depth == depth {
            channelField = nil
            hiddenDepth = nil
            let raw = String(decoding: channel.text, as: UTF8.self)
            if channel.name == "title" {
                title = channel.construct.plainText(raw)
            } else {
                readChannel(channel.name, raw.trimmingCharacters(in: .whitespacesAndNewlines))
            }
        } else if entry != nil, depth == entryDepth {
            finishEntry()
        }
    }

    /// A document cut short (read in recover mode): the item being read counts when its title is
    /// whole; a title cut mid-word is not shown.
    func finishDocument() {
        guard entry != nil else { return }
        if let current = field, case .title(.own) = current.kind { entry = nil; return }
        if let current = field { field = nil; finish(current) }
        finishEntry()
    }

    private func finishEntry() {
        if let item = entry?.item, items.count < FeedParser.maxItems { items.append(item) }
        entry = nil
    }

    private func identify(_ name: XMLName, attributes: [XMLName: String]) {
        root = name
        switch (name.local, name.namespace) {
        case ("rss", _): format = .rss; ownNamespace = name.namespace
        case ("CHANNEL", ""): format = .cdf; ownNamespace = ""
        case ("RDF", _): format = .rdf
        case ("feed", FeedNamespace.atom): format = .atom; ownNamespace = name.namespace
        case ("feed", FeedNamespace.atom03): format = .atom03; ownNamespace = name.namespace
        case ("feed", ""):
            format = attributes[XMLName(namespace: "", local: "version")] == "0.3" ? .atom03 : .atom
            ownNamespace = ""
        case ("feed", _) where attributes[XMLName(namespace: "", local: "version")] == "0.3":
            // Drafts before Atom 0.3 settled on its namespace (Echo, Pie, Necho) used their own.
            format = .atom03
            ownNamespace = name.namespace
        default: break
        }
    }

    /// RSS element names as iTunes reads them, in any case (`<TiTlE>`); Atom's keep theirs.
    private func rssName(_ local: String) -> String {
        isAtom ? local : local.lowercased()
    }

    private func isEntryElement(_ name: XMLName) -> Bool {
        if format == .rdf {
            // RSS 1.0 or 0.90: the namespace of the first channel or item is the format's own.
            let namespaces = [FeedNamespace.rss10, FeedNamespace.rss090, ""]
            if ownNamespace == nil, ["channel", "item"].contains(name.local), namespaces.contains(name.namespace) {
                ownNamespace = name.namespace
            }
        }
        return rssName(name.local) == (isAtom ? "entry" : "item") && name.namespace == ownNamespace
    }

    private func finish(_ field: Field) {
        let raw = String(decoding: field.text, as: UTF8.self)
        let trimmed = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        switch field.kind {
        case .title(let source):
            if entry?.titles[source] == nil { entry?.titles[source] = field.construct.plainText(raw) }
        case .link(let rel):
            if !trimmed.isEmpty { entry?.links.append(.init(rel: rel, href: URIResolver.resolve(trimmed, against: field.base))) }
        case .guid(let isPermaLink):
            if entry?.guid == nil, !trimmed.isEmpty {
                entry?.guid = (isPermaLink == true ? URIResolver.resolve(trimmed, against: field.base) : trimmed, isPermaLink)
            }
        case .identifier:
            if entry?.identifier == nil, !trimmed.isEmpty { entry?.identifier = trimmed }
        case .description(let source):
            entry?.addDescription(field.construct.plainText(raw), from: source)
        }
    }

    private func readChannel(_ name: String, _ text: String) {
        switch name {
        case "ttl": if let minutes = Int(text), minutes > 0 { ttl = minutes * 60 }
        case "updatePeriod": updatePeriod = text; ttl = rdfTTL
        case "updateFrequency": updateFrequency = max(1, Int(text) ?? 1); ttl = rdfTTL
        default: break
        }
    }

    /// The syndication module's period divided by its frequency.
    private var rdfTTL: Int? {
        let seconds = ["hourly": 3600, "daily": 86400, "weekly": 604_800, "monthly": 2_592_000, "yearly": 31_536_000]
        return seconds[updatePeriod].map { $0 / updateFrequency }
    }
}
