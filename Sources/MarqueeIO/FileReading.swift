import Glibc

/// Why a file could not be read, with the system's own words.
public struct FileReadError: Error, CustomStringConvertible {
    public let path: String
    public let reason: String

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    public var description: String { "cannot read \"\(path)\": \(reason)" }
}

public enum FileReading {
    /// Reads a whole regular file. Refuses directories and other non-files with a clear reason.
    public static func contents(of path: String, limit: Int = 256 << 20) throws(FileReadError) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw FileReadError(path: path, reason: String(cString: strerror(errno))) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw FileReadError(path: path, reason: String(cString: strerror(errno))) }
        guard (info.st_mode & S_IFMT) == S_IFREG else { throw FileReadError(path: path, reason: "not a regular file") }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(min(Int(info.st_size), limit))
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw FileReadError(path: path, reason: String(cString: strerror(errno)))
            }
            if count == 0 { break }
            bytes.append(contentsOf: buffer[0..<count])
            guard bytes.count <= limit else { throw FileReadError(path: path, reason: "larger than \(limit >> 20) MB") }
        }
        return bytes
    }
}
