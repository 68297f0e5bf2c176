import CZlib

/// Encodes 8-bit RGB images as PNG for the tests' evidence and the README screenshot: the
/// format's framing around zlib, which compresses the rows and computes the checksums.
enum PNGEncoder {
    static func encode(width: Int, height: Int, rgb: [UInt8]) -> [UInt8] {
        precondition(rgb.count == width * height * 3)
        var raw: [UInt8] = []
        raw.reserveCapacity((width * 3 + 1) * height)
        for row in 0..<height {
            raw.append(0) // filter: none
            raw.append(contentsOf: rgb[(row * width * 3)..<((row + 1) * width * 3)])
        }
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var header: [UInt8] = []
        header.appendBigEndian(UInt32(width))
        header.appendBigEndian(UInt32(height))
        header += [8, 2, 0, 0, 0] // 8-bit, truecolour, deflate, no filter, no interlace
        appendChunk("IHDR", header, to: &png)
        appendChunk("IDAT", compressed(raw), to: &png)
        appendChunk("IEND", [], to: &png)
        return png
    }

    /// The zlib stream PNG's IDAT holds.
    static func compressed(_ data: [UInt8]) -> [UInt8] {
        var size = compressBound(uLong(data.count))
        var out = [UInt8](repeating: 0, count: Int(size))
        let status = compress2(&out, &size, data, uLong(data.count), Z_BEST_COMPRESSION)
        precondition(status == Z_OK, "zlib compress2: \(status)")
        return Array(out.prefix(Int(size)))
    }

    static func crc(_ bytes: [UInt8]) -> UInt32 {
        UInt32(crc32(0, bytes, uInt(bytes.count)))
    }

    private static func appendChunk(_ type: String, _ body: [UInt8], to png: inout [UInt8]) {
        png.appendBigEndian(UInt32(body.count))
        let typed = Array(type.utf8) + body
        png.append(contentsOf: typed)
        png.appendBigEndian(crc(typed))
    }
}

private extension Array where Element == UInt8 {
    mutating func appendBigEndian(_ value: UInt32) {
        append(UInt8(value >> 24)); append(UInt8((value >> 16) & 0xFF))
        append(UInt8((value >> 8) & 0xFF)); append(UInt8(value & 0xFF))
    }
}
