/// Decodes scalars from a byte array that is known to be valid UTF-8 (it came from a `String`),
/// as they are displayed on the strip (see `displayed(_:)`).
public struct UTF8ScalarSequence: Sequence, IteratorProtocol {
    let bytes: [UInt8]
    var index: Int
    let end: Int
    /// Where the scalar `next()` returned last begins in `bytes`.
    private(set) var lastStart = 0

    init(bytes: [UInt8], range: Range<Int>) {
        self.bytes = bytes
        self.index = range.lowerBound
        self.end = range.upperBound
    }

    /// The next scalar as displayed; skipped ones do not appear.
    @inline(__always)
    public mutating func next() -> Unicode.Scalar? {
        while index < end {
            let (scalar, length) = decodeUTF8(bytes, at: index)
            let start = index
            index += length
            if let shown = displayed(scalar) {
                lastStart = start
                return shown
            }
        }
        return nil
    }
}

/// How a scalar appears on the one-line strip: line breaks and tabs as a space, other control
/// characters not at all (fonts have no glyph for them). Applied while laying out, in the same
/// sliced passes, so even a 10 MB line is never walked in one go.
@inline(__always)
func displayed(_ scalar: Unicode.Scalar) -> Unicode.Scalar? {
    let value = scalar.value
    if value >= 0x20 && value < 0x7F { return scalar }
    switch value {
    case 0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029: return " "
    case 0x00..<0x20, 0x7F..<0xA0: return nil
    default: return scalar
    }
}

/// Decodes the scalar starting at `index` of valid UTF-8.
@inline(__always)
func decodeUTF8(_ bytes: [UInt8], at index: Int) -> (Unicode.Scalar, Int) {
    let lead = UInt32(bytes[index])
    let value: UInt32
    let length: Int
    if lead < 0x80 {
        return (Unicode.Scalar(UInt8(lead)), 1)
    } else if lead < 0xE0 {
        value = (lead & 0x1F) << 6 | UInt32(bytes[index + 1] & 0x3F)
        length = 2
    } else if lead < 0xF0 {
        value = (lead & 0x0F) << 12 | UInt32(bytes[index + 1] & 0x3F) << 6 | UInt32(bytes[index + 2] & 0x3F)
        length = 3
    } else {
        value = (lead & 0x07) << 18 | UInt32(bytes[index + 1] & 0x3F) << 12
            | UInt32(bytes[index + 2] & 0x3F) << 6 | UInt32(bytes[index + 3] & 0x3F)
        length = 4
    }
    return (Unicode.Scalar(value) ?? "\u{FFFD}", length)
}
