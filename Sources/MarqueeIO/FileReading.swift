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
    /// The most a file of messages may hold.
    public static let defaultLimit = 256 << 20

    /// Opens a regular file for reading without ever waiting, and checks it before a byte is read:
    /// a FIFO, socket, device or directory is refused (opening a FIFO without O_NONBLOCK waits for
    /// a writer forever; O_NOCTTY keeps a terminal from becoming ours), and so is a file whose size
    /// is over `limit`, from its size alone. Returns the open descriptor (the caller closes it) and
    /// the size.
    public static func openRegular(_ path: String, limit: Int) throws(FileReadError) -> (fd: Int32, size: Int) {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        guard fd >= 0 else { throw FileReadError(path: path, reason: String(cString: strerror(errno))) }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw FileReadError(path: path, reason: reason)
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            close(fd)
            throw FileReadError(path: path, reason: "not a regular file (\(kind(of: info.st_mode)))")
        }
        guard Int(info.st_size) <= limit else {
            close(fd)
            throw FileReadError(path: path, reason: "larger than \(sizeText(limit)) (\(sizeText(Int(info.st_size))))")
        }
        return (fd, Int(info.st_size))
    }

    /// Reads a whole regular file (see `openRegular` for what is refused). For small files and
    /// for the start, before any frame: a large file on a running loop goes through `FileSliceReader`.
    public static func contents(of path: String, limit: Int = defaultLimit) throws(FileReadError) -> [UInt8] {
        let reader = try FileSliceReader(path: path, limit: limit)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(reader.size)
        while try !reader.readSlice({ bytes.append(contentsOf: $0) }) {}
        return bytes
    }

    static func kind(of mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFIFO: return "a named pipe"
        case S_IFSOCK: return "a socket"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFDIR: return "a directory"
        default: return "not a file"
        }
    }

    static func sizeText(_ bytes: Int) -> String {
        bytes >= 1 << 20 ? "\(bytes >> 20) MB" : bytes >= 1 << 10 ? "\(bytes >> 10) kB" : "\(bytes) bytes"
    }
}
