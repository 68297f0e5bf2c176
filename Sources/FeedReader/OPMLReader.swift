import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// The feed addresses in an OPML subscription list (`<outline xmlUrl="…">`, at any depth, so
/// folders of feeds work too), in document order, each once.
public enum OPMLReader {
    public static func feedURLs(in data: Data) throws(FeedParseError) -> [String] {
        let parser = XMLParser(data: data)
        parser.shouldResolveExternalEntities = false
        let reader = OutlineCollector()
        parser.delegate = reader
        guard parser.parse() else {
            throw FeedParseError("malformed XML at line \(parser.lineNumber), column \(parser.columnNumber)")
        }
        guard reader.root?.lowercased() == "opml" else {
            throw FeedParseError("not an OPML file: the document is <\(reader.root ?? "")>")
        }
        return reader.urls
    }
}

final class OutlineCollector: NSObject, XMLParserDelegate {
    private(set) var root: String?
    private(set) var urls: [String] = []

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        if root == nil { root = name }
        guard name == "outline", let url = attributes["xmlUrl"]?.trimmingCharacters(in: .whitespaces),
              !url.isEmpty, !urls.contains(url) else { return }
        urls.append(url)
    }
}
