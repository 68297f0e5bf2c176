/// Turns untrusted bytes and strings into text a single scrolling line can show.
///
/// Everything that reaches the ticker (arguments, files, standard input, later feeds and
/// commands) passes through here, so invalid UTF-8 and control characters are handled once.
public enum TextSanitizer {
    /// Decodes UTF-8, replacing every invalid sequence with U+FFFD instead of failing.
    public static func decode<Bytes: Collection>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        String(decoding: bytes, as: UTF8.self)
    }

    /// One line of display text: tabs and line breaks become spaces (a ticker has one line),
    /// other control characters are dropped because fonts have no glyph for them. The layout
    /// applies the same rule while measuring (MarqueeCore's `displayed`, which cannot import this
    /// module: a test holds the two to one rule), so long input need not pass through here.
    public static func singleLine(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { displayed($0) != $0 }) else { return text }
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if let shown = displayed(scalar) { scalars.append(shown) }
        }
        return String(scalars)
    }

    /// How `scalar` stands in one line of text: C0 and C1 line breaks and tabs (and U+2028,
    /// U+2029) as a space, the other control characters not at all.
    public static func displayed(_ scalar: Unicode.Scalar) -> Unicode.Scalar? {
        switch scalar.value {
        case 0x09...0x0D, 0x85, 0x2028, 0x2029: return " "
        case 0..<0x20, 0x7F..<0xA0: return nil
        default: return scalar
        }
    }

    /// Splits bytes (a file's contents) into messages: one per non-blank line. Works on bytes,
    /// so a file holding one 10 MB line costs one copy, not a walk over its characters.
    public static func messages<Bytes: Collection>(fromLines bytes: Bytes) -> [String] where Bytes.Element == UInt8 {
        bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true).compactMap { line in
            let trimmed = line.last == UInt8(ascii: "\r") ? line.dropLast() : line[...]
            return isBlank(trimmed) ? nil : decode(trimmed)
        }
    }

    /// True when a line holds nothing but spaces, tabs and carriage returns (it stops at the
    /// first other byte, so it is cheap for any real text).
    public static func isBlank<Bytes: Collection>(_ bytes: Bytes) -> Bool where Bytes.Element == UInt8 {
        !bytes.contains { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") && $0 != UInt8(ascii: "\r") }
    }
}
