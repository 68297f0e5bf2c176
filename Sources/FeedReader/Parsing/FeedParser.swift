import Foundation

/// Reads RSS 0.90–0.94 and 2.0, RSS 1.0 (RDF), Atom 0.3 and 1.0 (with libxml2) and JSON Feed 1.0
/// and 1.1 (with Foundation's JSONSerialization) into items.
///
/// A feed that is not well-formed is still shown when it can be read. What is tried, in order:
///
/// 1. the bytes are decoded to UTF-8 (`FeedTextDecoder`: BOM, HTTP charset, XML declaration,
///    UTF-8; bytes invalid in UTF-8 read as Windows-1252);
/// 2. libxml2, strict;
/// 3. if that failed: the text repaired (`XMLRepair`: undeclared HTML entities, stray `&`, text
///    before the root, forbidden control characters), then libxml2 strict again;
/// 4. if that failed too: libxml2's recover mode on the repaired text (a missing or mismatched
///    end tag, a document cut short: read up to where it breaks).
///
/// The first that gives a feed wins; when that is not step 2 on clean bytes, the feed carries a
/// `recovery` line naming the first problem, for the ticker's warning.
public enum FeedParser {
    /// Items past this many are dropped: a ticker cycle of thousands of headlines helps no one.
    public static let maxItems = 200

    /// - Parameters:
    ///   - contentType: the HTTP Content-Type, for its charset (and to recognise JSON Feed).
    ///   - address: the feed's address, against which relative links are resolved.
    public static func parse(_ data: Data, contentType: String = "", address: String = "") throws(FeedParseError) -> ParsedFeed {
        guard data.contains(where: { !($0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D) }) else {
            throw FeedParseError("the response is empty")
        }
        let media = MediaType(contentType)
        if JSONFeedReader.isJSON(data, mediaType: media.type) { return try JSONFeedReader.parse(data, address: address) }

        let decoded = FeedTextDecoder.decode(data, httpCharset: media.charset)
        let strict = read(decoded.utf8, recover: false, address: address)
        if let root = strict.reader.root, strict.reader.format == nil { throw notAFeed(root) }
        if strict.reader.root == nil && looksLikeHTML(decoded.utf8) { throw FeedParseError("an HTML page, not a feed") }
        let problem = decoded.problem ?? strict.outcome.firstProblem.map(describe)
        // Any error counts, not only fatal ones: libxml2 drops an undeclared entity silently when
        // the document names an external DTD, and that text is restored only by the repair.
        if strict.outcome.wellFormed, strict.outcome.firstProblem == nil, let feed = strict.feed {
            return feed.recovered(problem.map { "\($0): shown as recovered" })
        }

        let repairedText = XMLRepair.repaired(decoded.utf8)
        var attempt = read(repairedText, recover: false, address: address)
        if !attempt.outcome.wellFormed { attempt = read(repairedText, recover: true, address: address) }
        if let root = attempt.reader.root, attempt.reader.format == nil { throw notAFeed(root) }
        // A document cut short before its first item still says its own title.
        guard var feed = attempt.feed, attempt.outcome.wellFormed || !feed.items.isEmpty || feed.title != nil else {
            throw FeedParseError(problem ?? "not well-formed")
        }
        feed.recovery = "\(problem ?? "not well-formed"): shown as recovered"
        return feed
    }

    private struct Reading {
        var reader: FeedDocumentReader
        var outcome: XMLEventParser.Outcome
        var feed: ParsedFeed? {
            reader.format.map { ParsedFeed(format: $0, items: reader.items, ttl: reader.ttl, title: reader.title) }
        }
    }

    private static func read(_ text: [UInt8], recover: Bool, address: String) -> Reading {
        let reader = FeedDocumentReader(address: address)
        let outcome = XMLEventParser.parse(text, recover: recover, handler: reader)
        if recover { reader.finishDocument() }
        return Reading(reader: reader, outcome: outcome)
    }

    private static func describe(_ problem: XMLEventParser.Problem) -> String {
        "not well-formed (line \(problem.line): \(problem.message))"
    }

    private static func notAFeed(_ root: XMLName) -> FeedParseError {
        root.local.lowercased() == "html" ? FeedParseError("an HTML page, not a feed")
            : FeedParseError("not a feed: the document is <\(root.local)>, not RSS, RDF, Atom or JSON Feed")
    }

    static func looksLikeHTML(_ text: [UInt8]) -> Bool {
        let start = String(decoding: text.prefix(512), as: UTF8.self).lowercased()
        return start.contains("<!doctype html") || start.contains("<html")
    }
}

/// A Content-Type's media type and charset parameter, lowercased, quotes removed.
struct MediaType {
    var type = ""
    var charset = ""

    init(_ header: String) {
        let parts = header.split(separator: ";")
        type = parts.first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        for parameter in parts.dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if pair.count == 2, pair[0].lowercased() == "charset" { charset = pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\"'")) }
        }
    }
}
