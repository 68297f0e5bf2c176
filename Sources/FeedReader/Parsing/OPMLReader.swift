import Foundation

/// The feed addresses in an OPML subscription list (`<outline xmlUrl="…">`, at any depth, so
/// folders of feeds work too; with or without `type`; `xmlUrl` in any case), in document order,
/// each once. A list that is not well-formed is read like a feed (repaired, then recover mode)
/// and used when that finds feeds.
public enum OPMLReader {
    public static func feedURLs(in data: Data) throws(FeedParseError) -> [String] {
        let reader = OutlineCollector()
        let outcome = XMLEventParser.parse(FeedTextDecoder.decode(data).utf8, recover: false, handler: reader)
        if let root = reader.root, root.lowercased() != "opml" {
            throw FeedParseError("not an OPML file: the document is <\(root)>")
        }
        guard outcome.wellFormed else {
            // As feeds are: repaired, then read in recover mode; kept when that finds feeds.
            let recovered = OutlineCollector()
            _ = XMLEventParser.parse(XMLRepair.repaired(FeedTextDecoder.decode(data).utf8), recover: true, handler: recovered)
            if recovered.root?.lowercased() == "opml", !recovered.urls.isEmpty { return recovered.urls }
            throw FeedParseError("malformed XML at line \(outcome.firstProblem?.line ?? 0): \(outcome.firstProblem?.message ?? "")")
        }
        guard reader.root != nil else { throw FeedParseError("not an OPML file: the document is empty") }
        return reader.urls
    }
}

final class OutlineCollector: XMLEventHandler {
    private(set) var root: String?
    private(set) var urls: [String] = []
    var isDone: Bool { root.map { $0.lowercased() != "opml" } ?? false }

    func start(_ name: XMLName, attributes: [XMLName: String]) {
        if root == nil { root = name.local }
        // `xmlUrl` as the spec spells it, or `xmlurl`, `xmlURL`… as list writers do; no `type` needed.
        guard name.local.lowercased() == "outline",
              let url = attributes.first(where: { $0.key.namespace.isEmpty && $0.key.local.lowercased() == "xmlurl" })?
                .value.trimmingCharacters(in: .whitespaces),
              !url.isEmpty, !urls.contains(url) else { return }
        urls.append(url)
    }

    func end() {}
    func text(_ bytes: UnsafeBufferPointer<UInt8>) {}
}
