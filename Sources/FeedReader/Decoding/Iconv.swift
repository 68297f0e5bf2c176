import Glibc

/// One glibc iconv converter to UTF-8. Bytes the source encoding does not define become U+FFFD
/// (never an error: a feed with one bad byte is still a feed), and the first such place is kept.
final class Iconv {
    private let converter: iconv_t
    let encoding: String

    /// Nil when iconv does not know `encoding`.
    init?(from encoding: String) {
        guard let converter = iconv_open("UTF-8", encoding), converter != iconv_t(bitPattern: -1) else { return nil }
        self.converter = converter
        self.encoding = encoding
    }

    deinit { iconv_close(converter) }

    /// The text in UTF-8, and the offset (in `bytes`) of the first byte that could not be read.
    func utf8(_ bytes: ArraySlice<UInt8>) -> (text: [UInt8], firstInvalid: Int?) {
        var output = [UInt8](repeating: 0, count: max(64, bytes.count * 2))
        var produced = 0
        var firstInvalid: Int?
        _ = iconv(converter, nil, nil, nil, nil) // a fresh shift state
        bytes.withUnsafeBufferPointer { input in
            var inPointer = UnsafeMutablePointer(mutating: input.baseAddress.map { UnsafeMutableRawPointer(mutating: $0) }?
                .assumingMemoryBound(to: CChar.self))
            var inLeft = input.count
            while inLeft > 0 {
                if output.count - produced < 16 { output += [UInt8](repeating: 0, count: output.count) }
                var outLeft = output.count - produced
                let result = output.withUnsafeMutableBufferPointer { buffer -> Int in
                    var outPointer: UnsafeMutablePointer<CChar>? = UnsafeMutableRawPointer(buffer.baseAddress! + produced)
                        .assumingMemoryBound(to: CChar.self)
                    return iconv(converter, &inPointer, &inLeft, &outPointer, &outLeft)
                }
                produced = output.count - outLeft
                guard result == -1 else { continue }
                switch errno {
                case E2BIG:
                    output += [UInt8](repeating: 0, count: output.count)
                case EILSEQ, EINVAL:
                    // A byte this encoding does not define, or a sequence cut off at the end: one
                    // replacement character, then carry on with the next byte.
                    if firstInvalid == nil { firstInvalid = bytes.startIndex + input.count - inLeft }
                    if output.count - produced < 3 { output += [UInt8](repeating: 0, count: output.count) }
                    output.replaceSubrange(produced..<produced + 3, with: [0xEF, 0xBF, 0xBD])
                    produced += 3
                    inPointer = inPointer.map { $0 + 1 }
                    inLeft -= 1
                    _ = iconv(converter, nil, nil, nil, nil)
                default:
                    inLeft = 0
                }
            }
        }
        return (Array(output[..<produced]), firstInvalid)
    }
}
