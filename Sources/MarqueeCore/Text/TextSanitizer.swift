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
    /// other control characters are dropped because fonts have no glyph for them.
    public static func singleLine(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        scalars.reserveCapacity(text.utf8.count)
        var changed = false
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029:
                scalars.append(" ")
                changed = true
            case 0x00..<0x20, 0x7F..<0xA0:
                changed = true
            default:
                scalars.append(scalar)
            }
        }
        return changed ? String(scalars) : text
    }

    /// Splits a block of text (a file's contents) into messages: one per non-empty line.
    public static func messages(fromLines text: String) -> [String] {
        text.split(omittingEmptySubsequences: true, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" })
            .map { singleLine(String($0)) }
            .filter { !$0.allSatisfy { $0 == " " } }
    }
}
