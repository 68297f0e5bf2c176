import CLinux
import Glibc

/// Tells when a file is written, replaced, created or removed, through inotify.
///
/// inotify watches the file's *directory*, not the file: editors save by writing a new file and
/// renaming it over the old one, which a watch on the old inode would never report, and a file
/// that does not exist yet has no inode to watch at all. A symbolic link (a config kept in a
/// dotfiles repository) is followed: the target's directory is watched as well.
public final class FileChangeWatch {
    public let fd: Int32
    private var names: Set<String> = []

    /// Starts watching; throws when the directory cannot be watched.
    public init(path: String) throws(FileReadError) {
        fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard fd >= 0 else { throw FileReadError(path: path, reason: "inotify: \(String(cString: strerror(errno)))") }
        // A failure here still runs deinit (every stored property is set), which closes fd.
        try watchDirectory(of: path)
        if let target = realpath(path, nil) {
            let resolved = String(cString: target)
            free(target)
            if resolved != path { try? watchDirectory(of: resolved) }
        }
    }

    private func watchDirectory(of path: String) throws(FileReadError) {
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        names.insert(slash.map { String(path[path.index(after: $0)...]) } ?? path)
        let mask = UInt32(IN_CLOSE_WRITE | IN_MODIFY | IN_MOVED_TO | IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_ATTRIB)
        guard inotify_add_watch(fd, directory, mask) >= 0 else {
            throw FileReadError(path: directory, reason: "cannot watch: \(String(cString: strerror(errno)))")
        }
    }

    deinit { close(fd) }

    /// Reads the queued events; true when one of them concerns the file.
    public func drainEvents() -> Bool {
        var buffer = [UInt8](repeating: 0, count: 16 << 10)
        var concernsFile = false
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            var offset = 0
            let header = MemoryLayout<inotify_event>.size
            while offset + header <= count {
                let length = buffer.withUnsafeBytes { Int($0.load(fromByteOffset: offset + 12, as: UInt32.self)) }
                if length > 0 {
                    let nameBytes = buffer[(offset + header)..<(offset + header + length)].prefix { $0 != 0 }
                    if names.contains(String(decoding: nameBytes, as: UTF8.self)) { concernsFile = true }
                }
                offset += header + length
            }
        }
        return concernsFile
    }
}
