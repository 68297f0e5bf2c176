import Glibc

/// A file written whole or not at all: the bytes go to a temporary file beside it, which then
/// takes the file's name in one step, so a reader never sees half a file.
public enum AtomicFile {
    /// Why the file was not written; nothing was left behind.
    public enum Failure: Error, Equatable, CustomStringConvertible {
        /// `replacing` was false and the file exists: it is untouched.
        case exists
        /// The system's words for what failed.
        case system(String)

        public var description: String {
            switch self {
            case .exists: return "the file exists"
            case .system(let message): return message
            }
        }
    }

    /// Writes `bytes` to `path` with `mode`, creating the folder above it (mode 0755) when it is
    /// missing. Without `replacing`, an existing file is never overwritten, not even one created
    /// meanwhile (the name is taken with link(2), which fails when it exists). `check` may
    /// refuse the written temporary file (by its path) before it takes the name.
    public static func write(_ bytes: [UInt8], to path: String, mode: mode_t = 0o644, replacing: Bool,
                             check: (String) -> String? = { _ in nil }) throws(Failure) {
        if !replacing && access(path, F_OK) == 0 { throw .exists }
        if let slash = path.lastIndex(of: "/"), slash != path.startIndex { try makeFolders(String(path[..<slash])) }
        let temporary = path + ".tmp-\(getpid())"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        guard fd >= 0 else { throw .system("cannot write \"\(temporary)\": \(reason())") }
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            written += count
        }
        let synced = fsync(fd) == 0
        let why = reason()
        close(fd)
        guard written == bytes.count, synced else {
            unlink(temporary)
            throw .system("cannot write \"\(temporary)\": \(why)")
        }
        if let refusal = check(temporary) {
            unlink(temporary)
            throw .system(refusal)
        }
        let placed = replacing ? rename(temporary, path) : link(temporary, path)
        let placeError = errno
        if !replacing || placed != 0 { unlink(temporary) }
        guard placed == 0 else {
            if placeError == EEXIST { throw .exists }
            throw .system("cannot write \"\(path)\": \(String(cString: strerror(placeError)))")
        }
    }

    /// `mkdir -p`, each new folder 0755.
    private static func makeFolders(_ folder: String) throws(Failure) {
        var path = folder.hasPrefix("/") ? "" : "."
        for part in folder.split(separator: "/") {
            path += "/" + part
            if mkdir(path, 0o755) != 0 && errno != EEXIST { throw .system("cannot create \"\(path)\": \(reason())") }
        }
    }

    private static func reason() -> String { String(cString: strerror(errno)) }
}
