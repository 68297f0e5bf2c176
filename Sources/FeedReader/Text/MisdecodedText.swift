/// Text that went through the wrong decoder before it reached the feed, mended the way browsers
/// and feed readers mend it:
///
/// - C1 control characters (U+0080–U+009F), which no one means to show, are the Windows-1252
///   characters with those byte values (`U+0092` is "’"), as HTML5 reads `&#146;`; the five
///   bytes Windows-1252 leaves undefined are dropped;
/// - UTF-8 read as Windows-1252 and encoded again ("CafÃ©", "â€™") is decoded once more, when
///   every character maps back to one byte and those bytes are valid UTF-8 with at least one
///   multi-byte sequence — text that merely contains "Ã" stays as it is.
enum MisdecodedText {
    static func mended(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0.value >= 0x80 && $0.value <= 0xFF || windows1252Byte[$0.value] != nil })
        else { return text }
        let controlsMapped = String(String.UnicodeScalarView(text.unicodeScalars.compactMap { scalar -> Unicode.Scalar? in
            guard (0x80...0x9F).contains(scalar.value) else { return scalar }
            return windows1252[Int(scalar.value - 0x80)]
        }))
        return reencoded(controlsMapped) ?? controlsMapped
    }

    /// The text decoded again as UTF-8 from its Windows-1252 bytes, if that is what it is.
    private static func reencoded(_ text: String) -> String? {
        var bytes: [UInt8] = []
        var multiByte = false
        for scalar in text.unicodeScalars {
            if scalar.value < 0x80 {
                bytes.append(UInt8(scalar.value))
            } else if let byte = windows1252Byte[scalar.value] ?? (scalar.value <= 0xFF && !(0x80...0x9F).contains(scalar.value) ? UInt8(scalar.value) : nil) {
                bytes.append(byte)
                multiByte = true
            } else {
                return nil
            }
        }
        guard multiByte else { return nil }
        var decoded = ""
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        loop: while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): decoded.unicodeScalars.append(scalar)
            case .emptyInput: break loop
            case .error: return nil
            }
        }
        return decoded
    }

    /// Windows-1252's characters for bytes 0x80–0x9F (nil: undefined).
    private static let windows1252: [Unicode.Scalar?] = [
        "\u{20AC}", nil, "\u{201A}", "\u{0192}", "\u{201E}", "\u{2026}", "\u{2020}", "\u{2021}",
        "\u{02C6}", "\u{2030}", "\u{0160}", "\u{2039}", "\u{0152}", nil, "\u{017D}", nil,
        nil, "\u{2018}", "\u{2019}", "\u{201C}", "\u{201D}", "\u{2022}", "\u{2013}", "\u{2014}",
        "\u{02DC}", "\u{2122}", "\u{0161}", "\u{203A}", "\u{0153}", nil, "\u{017E}", "\u{0178}",
    ]

    /// Those characters back to their bytes.
    private static let windows1252Byte: [UInt32: UInt8] = {
        var map: [UInt32: UInt8] = [:]
        for (offset, scalar) in windows1252.enumerated() { if let scalar { map[scalar.value] = UInt8(0x80 + offset) } }
        return map
    }()
}
