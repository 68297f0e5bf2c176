import Foundation
import CLibXML2

/// A link as written (relative or not) made absolute against a base — `xml:base`, itself
/// resolved against the feed's own address — with libxml2's RFC 3986 resolution.
enum URIResolver {
    static func resolve(_ reference: String, against base: String) -> String {
        let reference = reference.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !base.isEmpty else { return reference }
        guard let resolved = xmlBuildURI(reference, base) else { return reference }
        defer { xm_xml_free(resolved) }
        return String(cString: resolved)
    }

    static func isWebAddress(_ text: String) -> Bool {
        let lower = text.lowercased()
        return lower.hasPrefix("http://") || lower.hasPrefix("https://")
    }
}
