import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Reads RSS 2.0, RSS 1.0 (RDF) and Atom with Foundation's XMLParser (libxml2's SAX parser, with
/// namespaces resolved, so `atom:link` and `<link>` in the Atom namespace are the same thing).
/// External entities are never fetched: a feed cannot make the fetcher read other files.
public enum FeedParser {
    /// Items past this many are dropped: a ticker cycle of thousands of headlines helps no one.
    public static let maxItems = 200

    public static func parse(_ data: Data) throws(FeedParseError) -> ParsedFeed {
        guard data.contains(where: { !($0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D) }) else {
            throw FeedParseError("the response is empty")
        }
        // A processing instruction's bytes reach FoundationXML as they are, and it traps on
        // invalid UTF-8 there (found by the feed fuzzer): a document that declares no other
        // encoding must be UTF-8 (XML says so too) before it is parsed.
        if !declaresOtherEncoding(data) && String(validating: data, as: UTF8.self) == nil {
            throw FeedParseError("malformed XML: not valid UTF-8 and no other encoding declared")
        }
        let parser = XMLParser(data: givingEveryInstructionData(data))
        parser.shouldProcessNamespaces = true
        parser.shouldResolveExternalEntities = false
        let reader = FeedDocumentReader()
        parser.delegate = reader
        let parsed = parser.parse()
        if reader.root?.lowercased() == "html" || (reader.root == nil && looksLikeHTML(data)) {
            throw FeedParseError("an HTML page, not a feed")
        }
        // libxml2 through XMLParser on Linux can stop at a mismatched tag without reporting it:
        // a document is whole only when its root element was closed and no error was seen.
        guard parsed, parser.parserError == nil, !reader.sawError, reader.rootClosed, let format = reader.format else {
            if let root = reader.root, reader.format == nil {
                throw FeedParseError("not a feed: the document is <\(root)>, not RSS, RDF or Atom")
            }
            throw FeedParseError("malformed XML at line \(parser.lineNumber), column \(parser.columnNumber)")
        }
        return ParsedFeed(format: format, items: reader.items, ttl: reader.ttl)
    }

    /// FoundationXML reads a processing instruction's data with strlen even when libxml2 has
    /// none (`<?name?>`), and crashes (found by the feed fuzzer): such an instruction is given an
    /// empty data part (`<?name ?>`), which libxml2 passes as an empty string.
    static func givingEveryInstructionData(_ data: Data) -> Data {
        let bytes = [UInt8](data)
        var result: [UInt8] = []
        var copied = 0
        var index = 0
        while index + 1 < bytes.count {
            guard bytes[index] == UInt8(ascii: "<"), bytes[index + 1] == UInt8(ascii: "?") else {
                index += 1
                continue
            }
            var end = index + 2
            while end < bytes.count, ![UInt8(ascii: "?"), UInt8(ascii: ">"), 0x20, 0x09, 0x0A, 0x0D].contains(bytes[end]) { end += 1 }
            if end > index + 2, end + 1 < bytes.count, bytes[end] == UInt8(ascii: "?"), bytes[end + 1] == UInt8(ascii: ">") {
                result += bytes[copied..<end] + [0x20]
                copied = end
            }
            // Past the "<?" only: an instruction may start inside what looked like a target.
            index += 2
        }
        guard copied > 0 else { return data }
        return Data(result + bytes[copied...])
    }

    /// Whether the XML declaration names an encoding other than UTF-8, or a BOM says UTF-16.
    static func declaresOtherEncoding(_ data: Data) -> Bool {
        if data.starts(with: [0xFE, 0xFF]) || data.starts(with: [0xFF, 0xFE]) { return true }
        let start = String(decoding: data.prefix(256), as: UTF8.self)
        guard start.hasPrefix("<?xml") || start.hasPrefix("\u{FEFF}<?xml"), let end = start.range(of: "?>"),
              let name = start[..<end.lowerBound].range(of: "encoding=") else { return false }
        let value = start[name.upperBound..<end.lowerBound].dropFirst().prefix { $0 != "\"" && $0 != "'" }.lowercased()
        return value != "utf-8" && value != "utf8"
    }

    static func looksLikeHTML(_ data: Data) -> Bool {
        let start = String(decoding: data.prefix(512), as: UTF8.self).lowercased()
        return start.contains("<!doctype html") || start.contains("<html")
    }
}

/// The SAX delegate: follows the element path and collects the fields of each item.
final class FeedDocumentReader: NSObject, XMLParserDelegate {
    private(set) var root: String?
    private(set) var format: ParsedFeed.Format?
    private(set) var items: [ParsedFeed.Item] = []
    private(set) var ttl: Int?
    private(set) var rootClosed = false
    private(set) var sawError = false

    private var path: [String] = []
    private var item: ParsedFeed.Item?
    /// Atom links of the current entry, by rel; the alternate (or rel-less) one is the item's link.
    private var atomLinks: [String: String] = [:]
    /// The item field being read, the depth it started at, its text so far and whether it is HTML.
    private var field: (name: String, depth: Int, text: String, isHTML: Bool)?
    private var channelField: (name: String, text: String)?
    /// The namespace of the format's own elements (RSS 2.0 has none), so that `media:title` or
    /// `atom:link` inside an RSS item is not taken for the item's title or link.
    private var ownNamespace = ""
    private var updatePeriod = "daily"
    private var updateFrequency = 1

    private var itemElement: String { format == .atom ? "entry" : "item" }

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        defer { path.append(name) }
        if root == nil {
            root = name
            switch (name, namespaceURI ?? "") {
            case ("rss", _): format = .rss2
            case ("RDF", "http://www.w3.org/1999/02/22-rdf-syntax-ns#"): format = .rdf; ownNamespace = "http://purl.org/rss/1.0/"
            case ("feed", "http://www.w3.org/2005/Atom"), ("feed", ""): format = .atom; ownNamespace = namespaceURI ?? ""
            default: parser.abortParsing()
            }
            return
        }
        if field != nil {
            return // markup inside a field (Atom xhtml): only its text counts
        }
        let namespace = namespaceURI ?? ""
        if name == itemElement && namespace == ownNamespace && item == nil {
            item = ParsedFeed.Item(title: "")
            atomLinks = [:]
            return
        }
        guard item != nil else {
            if ["ttl", "updatePeriod", "updateFrequency"].contains(name) { channelField = (name, "") }
            return
        }
        let type = attributes["type"]?.lowercased() ?? "text"
        if name == "encoded" && namespace == "http://purl.org/rss/1.0/modules/content/" {
            field = (name, path.count, "", true)
            return
        }
        guard namespace == ownNamespace else { return }
        switch (format, name) {
        case (.atom, "link"):
            if let href = attributes["href"] { atomLinks[attributes["rel"] ?? "alternate"] = href }
        case (.atom, "title"), (.atom, "summary"), (.atom, "content"):
            field = (name, path.count, "", type == "html" || type == "xhtml" || type == "text/html")
        case (_, "title"), (_, "link"):
            field = (name, path.count, "", false)
        case (_, "description"):
            field = (name, path.count, "", true)
        default:
            break
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if field != nil { field!.text += string } else if channelField != nil { channelField!.text += string }
    }

    func parser(_ parser: XMLParser, foundCDATA block: Data) {
        self.parser(parser, foundCharacters: String(decoding: block, as: UTF8.self))
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) {
        sawError = true
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        path.removeLast()
        if path.isEmpty { rootClosed = true }
        if let current = field, current.depth == path.count {
            field = nil
            finish(current.name, text: current.text, isHTML: current.isHTML)
            return
        }
        if let channel = channelField {
            channelField = nil
            readChannel(channel.name, channel.text.trimmingCharacters(in: .whitespacesAndNewlines))
            return
        }
        if name == itemElement, var finished = item {
            item = nil
            if format == .atom { finished.link = atomLinks["alternate"] ?? atomLinks.values.first ?? "" }
            if !finished.title.isEmpty || !finished.description.isEmpty, items.count < FeedParser.maxItems {
                items.append(finished)
            }
        }
    }

    private func finish(_ name: String, text: String, isHTML: Bool) {
        // Titles are plain text by the specs, but many feeds escape their HTML entities twice.
        let plain = isHTML ? HTMLText.plainText(fromHTML: text) : HTMLText.collapseWhiteSpace(HTMLText.decodeEntities(text))
        switch name {
        case "title": item?.title = plain
        case "link":
            let link = text.trimmingCharacters(in: .whitespacesAndNewlines)
            if !link.isEmpty { item?.link = link }
        case "description", "summary":
            item?.description = plain
        case "encoded", "content":
            // Full content is a fallback for a missing summary, never a replacement for it.
            if item?.description.isEmpty == true { item?.description = plain }
        default: break
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
