import Foundation

/// Plain text from the HTML that feeds put in descriptions: tags removed (script and style with
/// their content), character references decoded, white space collapsed. Not an HTML parser — a
/// ticker needs readable words, not structure.
public enum HTMLText {
    public static func plainText(fromHTML html: String) -> String {
        var text = ""
        var rest = html[...]
        while let open = rest.firstIndex(of: "<") {
            text += rest[..<open]
            let afterOpen = rest[rest.index(after: open)...]
            if afterOpen.hasPrefix("!--") {
                rest = afterOpen.range(of: "-->").map { afterOpen[$0.upperBound...] } ?? ""
                continue
            }
            guard let close = afterOpen.firstIndex(of: ">") else {
                rest = "" // an unfinished tag at the end: drop it
                break
            }
            let tag = afterOpen[..<close].lowercased()
            rest = afterOpen[afterOpen.index(after: close)...]
            for hidden in ["script", "style"] where tag == hidden || tag.hasPrefix(hidden + " ") {
                rest = rest.range(of: "</\(hidden)", options: .caseInsensitive)
                    .map { rest[$0.upperBound...].drop { $0 != ">" }.dropFirst() } ?? ""
            }
            // Block-level breaks become spaces so words from two paragraphs do not run together.
            text += " "
        }
        text += rest
        return collapseWhiteSpace(decodeEntities(text))
    }

    public static func collapseWhiteSpace(_ text: String) -> String {
        text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    /// Decodes `&name;`, `&#123;` and `&#x7B;`; an unknown name stays as written.
    public static func decodeEntities(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var out = ""
        var rest = text[...]
        while let amp = rest.firstIndex(of: "&") {
            out += rest[..<amp]
            let tail = rest[rest.index(after: amp)...]
            if let semicolon = tail.prefix(32).firstIndex(of: ";"), let decoded = character(for: tail[..<semicolon]) {
                out.unicodeScalars.append(decoded)
                rest = tail[tail.index(after: semicolon)...]
            } else {
                out += "&"
                rest = tail
            }
        }
        return out + rest
    }

    static func character(for reference: Substring) -> Unicode.Scalar? {
        if reference.hasPrefix("#x") || reference.hasPrefix("#X") {
            return UInt32(reference.dropFirst(2), radix: 16).flatMap(scalar)
        }
        if reference.hasPrefix("#") { return UInt32(reference.dropFirst()).flatMap(scalar) }
        return namedEntities[String(reference)].flatMap { Unicode.Scalar($0) }
    }

    /// NUL and surrogates are not characters; U+FFFD stands in, as for invalid UTF-8.
    static func scalar(_ value: UInt32) -> Unicode.Scalar? {
        value == 0 ? "\u{FFFD}" : Unicode.Scalar(value) ?? "\u{FFFD}"
    }

    /// The references feeds actually use; the full HTML table has over 2000.
    static let namedEntities: [String: UInt32] = [
        "amp": 0x26, "lt": 0x3C, "gt": 0x3E, "quot": 0x22, "apos": 0x27, "nbsp": 0xA0,
        "ndash": 0x2013, "mdash": 0x2014, "hellip": 0x2026, "bull": 0x2022, "middot": 0xB7,
        "lsquo": 0x2018, "rsquo": 0x2019, "sbquo": 0x201A, "ldquo": 0x201C, "rdquo": 0x201D, "bdquo": 0x201E,
        "laquo": 0xAB, "raquo": 0xBB, "lsaquo": 0x2039, "rsaquo": 0x203A, "prime": 0x2032, "Prime": 0x2033,
        "copy": 0xA9, "reg": 0xAE, "trade": 0x2122, "deg": 0xB0, "plusmn": 0xB1, "times": 0xD7, "divide": 0xF7,
        "frac12": 0xBD, "frac14": 0xBC, "frac34": 0xBE, "sup2": 0xB2, "sup3": 0xB3, "micro": 0xB5, "para": 0xB6,
        "sect": 0xA7, "euro": 0x20AC, "pound": 0xA3, "yen": 0xA5, "cent": 0xA2, "curren": 0xA4,
        "iexcl": 0xA1, "iquest": 0xBF, "shy": 0xAD, "ensp": 0x2002, "emsp": 0x2003, "thinsp": 0x2009,
        "zwnj": 0x200C, "zwj": 0x200D, "dagger": 0x2020, "Dagger": 0x2021, "permil": 0x2030, "larr": 0x2190,
        "rarr": 0x2192, "uarr": 0x2191, "darr": 0x2193, "harr": 0x2194, "minus": 0x2212, "le": 0x2264, "ge": 0x2265,
        "ne": 0x2260, "infin": 0x221E, "asymp": 0x2248,
        "agrave": 0xE0, "aacute": 0xE1, "acirc": 0xE2, "atilde": 0xE3, "auml": 0xE4, "aring": 0xE5, "aelig": 0xE6,
        "ccedil": 0xE7, "egrave": 0xE8, "eacute": 0xE9, "ecirc": 0xEA, "euml": 0xEB, "igrave": 0xEC, "iacute": 0xED,
        "icirc": 0xEE, "iuml": 0xEF, "ntilde": 0xF1, "ograve": 0xF2, "oacute": 0xF3, "ocirc": 0xF4, "otilde": 0xF5,
        "ouml": 0xF6, "oslash": 0xF8, "ugrave": 0xF9, "uacute": 0xFA, "ucirc": 0xFB, "uuml": 0xFC, "yacute": 0xFD,
        "yuml": 0xFF, "szlig": 0xDF, "Agrave": 0xC0, "Aacute": 0xC1, "Acirc": 0xC2, "Atilde": 0xC3, "Auml": 0xC4,
        "Aring": 0xC5, "AElig": 0xC6, "Ccedil": 0xC7, "Egrave": 0xC8, "Eacute": 0xC9, "Ecirc": 0xCA, "Euml": 0xCB,
        "Igrave": 0xCC, "Iacute": 0xCD, "Icirc": 0xCE, "Iuml": 0xCF, "Ntilde": 0xD1, "Ograve": 0xD2, "Oacute": 0xD3,
        "Ocirc": 0xD4, "Otilde": 0xD5, "Ouml": 0xD6, "Oslash": 0xD8, "Ugrave": 0xD9, "Uacute": 0xDA, "Ucirc": 0xDB,
        "Uuml": 0xDC, "Yacute": 0xDD, "oelig": 0x153, "OElig": 0x152, "scaron": 0x161, "Scaron": 0x160,
    ]
}
