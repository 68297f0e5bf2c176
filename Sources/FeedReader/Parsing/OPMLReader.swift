import Foundation

/// The feed addresses in an OPML subscription list (`<outline xmlUrl="…">`, at any depth, so
/// folders of feeds work too), in document order, each once. Read strictly: a subscription list
/// is written by a program, and a broken one should be fixed rather than half-read.
public enum OPMLReader {
    public static func feedURLs(in data: Data) throws(FeedParseError) -> [String] {
        let reader = OutlineCollector()
        let outcome = XMLEventParser.parse(FeedTextDecoder.decode(data).utf8, recover: false, handler: reader)
        if let root = reader.root, root.lowercased() != "opml" {
            throw FeedParseError("not an OPML file: the document is <\(root)>")
        }
        guard outcome.wellFormed else {
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
        guard name.local == "outline", let url = attributes[XMLName(namespace: "", local: "xmlUrl")]?.trimmingCharacters(in: .whitespaces),
              !url.isEmpty, !urls.contains(url) else { return }
        urls.append(url)
    }

    func end() {}
    func text(_ bytes: UnsafeBufferPointer<UInt8>) {}
}
