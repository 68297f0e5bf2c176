import Glibc

/// One read of a regular file, a bounded slice at a time, so a large file is read over many
/// turns of the loop and frames go on in between. The file is checked when opened (regular,
/// not over the limit: `FileReading.openRegular`); a file that grows past the limit while it is
/// read is refused too.
///
/// A regular file is always readable for poll(): watching `fd` makes the loop call back at once
/// on every turn until the read is done.
public final class FileSliceReader {
    public static let sliceSize = 256 << 10
    public let path: String
    public let fd: Int32
    /// The size when opened.
    public let size: Int
    private let limit: Int
    private var total = 0
    private var buffer = [UInt8](repeating: 0, count: sliceSize)

    public init(path: String, limit: Int) throws(FileReadError) {
        self.path = path
        self.limit = limit
        (fd, size) = try FileReading.openRegular(path, limit: limit)
    }

    deinit { close(fd) }

    /// Reads the next slice and hands it to `consume`; returns true at the end of the file.
    public func readSlice(_ consume: (ArraySlice<UInt8>) -> Void) throws(FileReadError) -> Bool {
        var count = 0
        repeat {
            count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        } while count < 0 && errno == EINTR
        guard count >= 0 else { throw FileReadError(path: path, reason: String(cString: strerror(errno))) }
        if count == 0 { return true }
        total += count
        guard total <= limit else {
            throw FileReadError(path: path, reason: "larger than \(FileReading.sizeText(limit)) (it grew while read)")
        }
        consume(buffer[0..<count])
        return false
    }
}
