import Foundation
import CLibXML2

/// An element or attribute name with its namespace resolved ("" for none).
struct XMLName: Hashable {
    var namespace: String
    var local: String
}

/// What the streaming parser reports, in document order.
protocol XMLEventHandler: AnyObject {
    func start(_ name: XMLName, attributes: [XMLName: String])
    func end()
    func text(_ bytes: UnsafeBufferPointer<UInt8>)
    /// True once the handler has what it wants: the parser stops there.
    var isDone: Bool { get }
}

/// libxml2's SAX2 parser over UTF-8 text, strict or in its recover mode (XML_PARSE_RECOVER: a
/// mismatched or missing end tag closes what it can and reading goes on to the end).
///
/// Never loaded: an external DTD, an external entity, anything over the network (NONET, and
/// neither NOENT nor DTDLOAD). The handler declares no entity callbacks, so an entity defined in
/// the document's own DTD is never expanded either — the billion-laughs document stays a few
/// bytes of text. XML_PARSE_HUGE stays off: libxml2's own limits on names and text nodes hold.
enum XMLEventParser {
    struct Problem: Equatable {
        var line: Int
        var message: String
    }

    struct Outcome {
        /// libxml2 saw no fatal error (namespace errors are not fatal: see `firstProblem`).
        var wellFormed: Bool
        /// The first error or warning, whatever its kind.
        var firstProblem: Problem?
    }

    /// Namespace URIs for prefixes feeds use without declaring them.
    static let conventionalPrefixes: [String: String] = [
        "atom": FeedNamespace.atom, "content": FeedNamespace.content, "dc": FeedNamespace.dublinCore,
        "itunes": FeedNamespace.itunes, "media": FeedNamespace.media, "sy": FeedNamespace.syndication,
        "rdf": FeedNamespace.rdf, "xml": FeedNamespace.xml,
    ]

    static func parse(_ text: [UInt8], recover: Bool, handler: XMLEventHandler) -> Outcome {
        let state = ParserState(handler: handler)
        var sax = xmlSAXHandler()
        sax.initialized = UInt32(XML_SAX2_MAGIC)
        sax.startElementNs = { context, local, prefix, uri, _, _, count, _, attributes in
            let state = ParserState.from(context)
            var values: [XMLName: String] = [:]
            if let attributes {
                // Five pointers an attribute: local name, prefix, URI, value start, value end.
                for index in 0..<Int(count) {
                    let base = index * 5
                    guard let name = attributes[base], let start = attributes[base + 3], let end = attributes[base + 4] else { continue }
                    // Without entity replacement libxml2 hands every `&` of a value (from `&amp;`,
                    // `&#38;` or a repaired stray `&`) over as `&#38;`, and only `&`: undone here.
                    let value = String(decoding: UnsafeBufferPointer(start: start, count: end - start), as: UTF8.self)
                        .replacingOccurrences(of: "&#38;", with: "&")
                    values[XMLEventParser.name(name, prefix: attributes[base + 1], uri: attributes[base + 2])] = value
                }
            }
            state.handler.start(XMLEventParser.name(local, prefix: prefix, uri: uri), attributes: values)
            state.stopIfDone()
        }
        sax.endElementNs = { context, _, _, _ in
            let state = ParserState.from(context)
            state.handler.end()
            state.stopIfDone()
        }
        let characters: charactersSAXFunc = { context, bytes, length in
            guard let bytes, length > 0 else { return }
            ParserState.from(context).handler.text(UnsafeBufferPointer(start: bytes, count: Int(length)))
        }
        sax.characters = characters
        sax.cdataBlock = characters
        sax.ignorableWhitespace = characters
        sax.serror = { context, error in
            guard let context, let error else { return }
            let state = Unmanaged<ParserState>.fromOpaque(context).takeUnretainedValue()
            // Warnings (a relative namespace URI) do not make a document less readable.
            guard state.firstProblem == nil, error.pointee.level.rawValue >= XML_ERR_ERROR.rawValue else { return }
            let message = error.pointee.message.map { String(cString: $0) } ?? "error \(error.pointee.code)"
            state.firstProblem = Problem(line: Int(error.pointee.line),
                                         message: message.trimmingCharacters(in: .whitespacesAndNewlines))
        }

        let context = Unmanaged.passUnretained(state).toOpaque()
        guard let parser = xmlCreatePushParserCtxt(&sax, context, nil, 0, nil) else {
            return Outcome(wellFormed: false, firstProblem: Problem(line: 0, message: "libxml2 could not start"))
        }
        defer { xmlFreeParserCtxt(parser) }
        state.parser = parser
        var options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_IGNORE_ENC.rawValue | XML_PARSE_NOERROR.rawValue
                            | XML_PARSE_NOWARNING.rawValue)
        if recover { options |= Int32(XML_PARSE_RECOVER.rawValue) }
        _ = xmlCtxtUseOptions(parser, options)
        _ = text.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { xmlParseChunk(parser, $0.baseAddress, Int32(buffer.count), 1) }
        }
        return Outcome(wellFormed: parser.pointee.wellFormed != 0 || state.stopped, firstProblem: state.firstProblem)
    }

    private static func name(_ local: UnsafePointer<xmlChar>?, prefix: UnsafePointer<xmlChar>?, uri: UnsafePointer<xmlChar>?) -> XMLName {
        let localName = local.map { String(cString: $0) } ?? ""
        if let uri { return XMLName(namespace: String(cString: uri), local: localName) }
        // An undeclared prefix (libxml2 reports it and goes on): the namespace it conventionally has.
        if let prefix {
            let prefixName = String(cString: prefix)
            return XMLName(namespace: conventionalPrefixes[prefixName] ?? "", local: localName)
        }
        return XMLName(namespace: "", local: localName)
    }
}

/// The parse's state the C callbacks reach through libxml2's user-data pointer.
private final class ParserState {
    let handler: XMLEventHandler
    var parser: xmlParserCtxtPtr?
    var firstProblem: XMLEventParser.Problem?
    var stopped = false

    init(handler: XMLEventHandler) { self.handler = handler }

    static func from(_ context: UnsafeMutableRawPointer?) -> ParserState {
        Unmanaged<ParserState>.fromOpaque(context!).takeUnretainedValue()
    }

    func stopIfDone() {
        guard handler.isDone, !stopped, let parser else { return }
        stopped = true
        xmlStopParser(parser)
    }
}
