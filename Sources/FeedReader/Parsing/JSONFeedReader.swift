import Foundation

/// JSON Feed 1.0 and 1.1 (https://jsonfeed.org/version/1.1), read with Foundation's
/// JSONSerialization. An item's title is plain text; its link is `url`, else `external_url`,
/// else an `id` that is an http(s) address, resolved against the feed's address; its
/// description is `content_html` (HTML removed), else `content_text`, else `summary`.
enum JSONFeedReader {
    static func isJSON(_ data: Data, mediaType: String) -> Bool {
        // The first character decides over a mislabelled Content-Type.
        switch data.drop(while: { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D || $0 == 0xEF || $0 == 0xBB || $0 == 0xBF }).first {
        case UInt8(ascii: "{"): return true
        case UInt8(ascii: "<"): return false
        default: return mediaType == "application/feed+json" || mediaType == "application/json"
        }
    }

    static func parse(_ data: Data, address: String) throws(FeedParseError) -> ParsedFeed {
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: data, options: [])
        } catch {
            throw FeedParseError("not valid JSON: \((error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "\(error)")")
        }
        guard let feed = object as? [String: Any] else { throw FeedParseError("not a feed: the JSON document is not an object") }
        guard let version = feed["version"] as? String, version.hasPrefix("https://jsonfeed.org/version/") else {
            throw FeedParseError("not a feed: the JSON document has no JSON Feed \"version\"")
        }
        let base = URIResolver.resolve((feed["feed_url"] as? String) ?? "", against: address)
        let items = (feed["items"] as? [Any] ?? []).lazy.compactMap { $0 as? [String: Any] }.compactMap { entry -> ParsedFeed.Item? in
            let title = TextConstruct.text.plainText(entry["title"] as? String ?? "")
            let description = (entry["content_html"] as? String).map(TextConstruct.html.plainText).flatMap { $0.isEmpty ? nil : $0 }
                ?? [entry["content_text"], entry["summary"]].lazy.compactMap { ($0 as? String).map(TextConstruct.text.plainText) }
                    .first { !$0.isEmpty } ?? ""
            guard !title.isEmpty || !description.isEmpty else { return nil }
            let identifier = (entry["id"] as? String).flatMap { URIResolver.isWebAddress($0) ? $0 : nil }
            let link = [entry["url"] as? String, entry["external_url"] as? String, identifier].lazy.compactMap { $0 }
                .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.first { !$0.isEmpty } ?? ""
            return ParsedFeed.Item(title: title, link: link.isEmpty ? "" : URIResolver.resolve(link, against: base.isEmpty ? address : base),
                                   description: description)
        }
        let title = (feed["title"] as? String).map(HTMLText.collapseWhiteSpace).flatMap { $0.isEmpty ? nil : $0 }
        return ParsedFeed(format: .jsonFeed, items: Array(items.prefix(FeedParser.maxItems)), title: title)
    }
}
