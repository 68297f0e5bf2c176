import Foundation

/// A feed's bytes as UTF-8, its encoding chosen in the order RFC 7303 gives for XML:
///
/// 1. a byte order mark (UTF-8, UTF-16 or UTF-32, either byte order);
/// 2. the `charset` of the HTTP Content-Type;
/// 3. 16- and 32-bit text recognised by its first bytes (`<` `?` with zero bytes, XML 1.0 appendix F);
/// 4. the `encoding` of the XML declaration;
/// 5. UTF-8.
///
/// Then the bytes are read, never refused: UTF-8 that is not valid (a Windows-1252 feed declared
/// UTF-8, the commonest fault of all) has each bad byte read as Windows-1252, so `don\x92t` is
/// "don’t"; any other encoding goes through iconv, a byte it does not define becoming U+FFFD.
struct FeedTextDecoder {
    struct Decoded {
        var utf8: [UInt8]
        /// The iconv name of the encoding read.
        var encoding: String
        /// The first byte that was not valid in it, as one line for the recovery warning.
        var problem: String?
    }

    static func decode(_ data: Data, httpCharset: String = "") -> Decoded {
        let bytes = [UInt8](data)
        let (bomEncoding, bomLength) = byteOrderMark(bytes)
        var encoding: String
        if let bomEncoding {
            encoding = bomEncoding
        } else if !httpCharset.isEmpty {
            encoding = EncodingLabel.iconvName(httpCharset)
        } else if let sniffed = wideEncoding(bytes) {
            encoding = sniffed
        } else if let declared = declaredEncoding(bytes) {
            encoding = EncodingLabel.iconvName(declared)
        } else {
            encoding = "UTF-8"
        }
        // "UTF-16" and "UTF-32" without a BOM: the byte order is in the bytes (big-endian if not).
        if encoding == EncodingLabel.utf16 || encoding == EncodingLabel.utf32 {
            encoding = wideEncoding(Array(bytes[bomLength...])).flatMap { $0.hasPrefix(encoding) ? $0 : nil } ?? encoding + "BE"
        }
        let body = bytes[bomLength...]
        if encoding == "UTF-8" { return decodeUTF8(body) }
        guard let converter = Iconv(from: encoding) else {
            var decoded = decodeUTF8(body)
            decoded.problem = decoded.problem ?? "unknown encoding \"\(encoding)\" (read as UTF-8)"
            return decoded
        }
        let (text, firstInvalid) = converter.utf8(body)
        let problem = firstInvalid.map { "bytes not valid in \(encoding) at line \(lineNumber(in: bytes, at: $0)) (shown as U+FFFD)" }
        return Decoded(utf8: text, encoding: encoding, problem: problem)
    }

    static func byteOrderMark(_ bytes: [UInt8]) -> (String?, Int) {
        switch (bytes.count > 0 ? bytes[0] : 1, bytes.count > 1 ? bytes[1] : 1, bytes.count > 2 ? bytes[2] : 1, bytes.count > 3 ? bytes[3] : 1) {
        case (0x00, 0x00, 0xFE, 0xFF): return ("UTF-32BE", 4)
        case (0xFF, 0xFE, 0x00, 0x00): return ("UTF-32LE", 4)
        case (0xEF, 0xBB, 0xBF, _): return ("UTF-8", 3)
        case (0xFE, 0xFF, _, _): return ("UTF-16BE", 2)
        case (0xFF, 0xFE, _, _): return ("UTF-16LE", 2)
        default: return (nil, 0)
        }
    }

    /// UTF-16 or UTF-32 without a BOM, told by where the zero bytes of the first ASCII characters
    /// (`<`, `?`, or the white space before them) fall.
    static func wideEncoding(_ bytes: [UInt8]) -> String? {
        guard bytes.count >= 4 else { return nil }
        let zeros = bytes.prefix(4).map { $0 == 0 }
        switch (zeros[0], zeros[1], zeros[2], zeros[3]) {
        case (true, true, true, false): return "UTF-32BE"
        case (false, true, true, true): return "UTF-32LE"
        case (true, false, true, false): return "UTF-16BE"
        case (false, true, false, true): return "UTF-16LE"
        default: return nil
        }
    }

    /// The `encoding="…"` of an XML declaration at the start (white space before it allowed).
    static func declaredEncoding(_ bytes: [UInt8]) -> String? {
        let head = String(decoding: bytes.prefix(1024), as: UTF8.self)
        guard let start = head.range(of: "<?xml"), head[..<start.lowerBound].allSatisfy(\.isWhitespace),
              let end = head.range(of: "?>", range: start.upperBound..<head.endIndex) else { return nil }
        let declaration = head[start.upperBound..<end.lowerBound]
        guard let name = declaration.range(of: "encoding") else { return nil }
        let rest = declaration[name.upperBound...].drop { $0.isWhitespace || $0 == "=" }
        guard let quote = rest.first, quote == "\"" || quote == "'" else { return nil }
        let value = rest.dropFirst().prefix { $0 != quote }
        return value.isEmpty ? nil : String(value)
    }

    /// Valid UTF-8 as it is; each byte of an invalid sequence read as Windows-1252.
    static func decodeUTF8(_ bytes: ArraySlice<UInt8>) -> Decoded {
        if String(validating: bytes, as: UTF8.self) != nil { return Decoded(utf8: Array(bytes), encoding: "UTF-8") }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + bytes.count / 8)
        var firstInvalid: Int?
        var position = bytes.startIndex
        var iterator = bytes.makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                output.append(contentsOf: encoded)
                position += encoded.count
            case .error(let length):
                if firstInvalid == nil { firstInvalid = position }
                for byte in bytes[position..<position + length] {
                    if byte >= 0x80 { output += windows1252[Int(byte - 0x80)] } else { output.append(byte) }
                }
                position += length
            case .emptyInput:
                let problem = firstInvalid.map {
                    "bytes not valid in UTF-8 at line \(lineNumber(in: Array(bytes), at: $0 - bytes.startIndex)) (read as Windows-1252)"
                }
                return Decoded(utf8: output, encoding: "UTF-8", problem: problem)
            }
        }
    }

    /// Bytes 0x80–0xFF as Windows-1252 reads them, in UTF-8 (U+FFFD for the five it leaves
    /// undefined). Only bytes ≥ 0x80 are ever invalid in UTF-8.
    private static let windows1252: [[UInt8]] = {
        let converter = Iconv(from: "WINDOWS-1252")
        return (0x80...0xFF).map { byte in converter?.utf8([UInt8(byte)][...]).text ?? [0xEF, 0xBF, 0xBD] }
    }()

    static func lineNumber(in bytes: [UInt8], at offset: Int) -> Int {
        1 + bytes.prefix(max(0, min(offset, bytes.count))).reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
    }
}
