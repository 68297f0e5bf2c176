import CLinux
import Glibc
import MarqueeCore

/// A file of messages (one per non-empty line) that is re-read whenever it changes.
///
/// inotify watches the file's *directory*, not the file: editors save by writing a new file and
/// renaming it over the old one, which a watch on the old inode would never report. A file that
/// vanishes keeps its last text on screen and is picked up again when it comes back.
public final class WatchedFile {
    public let path: String
    public let fd: Int32
    private let name: String
    private var lastMessages: [String]
    private var vanished = false
    /// Called with the new messages when the file's text changed.
    public var onChange: ([String]) -> Void = { _ in }

    /// Reads the file once and starts watching it. Throws when it cannot be read now.
    public init(path: String) throws(FileReadError) {
        self.path = path
        let bytes = try FileReading.contents(of: path)
        lastMessages = TextSanitizer.messages(fromLines: bytes)
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard fd >= 0 else { throw FileReadError(path: path, reason: "inotify: \(String(cString: strerror(errno)))") }
        let mask = UInt32(IN_CLOSE_WRITE | IN_MODIFY | IN_MOVED_TO | IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_ATTRIB)
        guard inotify_add_watch(fd, directory, mask) >= 0 else {
            close(fd)
            throw FileReadError(path: directory, reason: "cannot watch: \(String(cString: strerror(errno)))")
        }
    }

    deinit { close(fd) }

    public var messages: [String] { lastMessages }

    /// Reads the queued inotify events; re-reads the file when one concerns it.
    public func handleEvents() {
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
                    if TextSanitizer.decode(nameBytes) == name { concernsFile = true }
                }
                offset += header + length
            }
        }
        if concernsFile { reload() }
    }

    private func reload() {
        do {
            let bytes = try FileReading.contents(of: path)
            if vanished {
                Diagnostics.warn("\"\(path)\" is back; showing its text again")
                vanished = false
            }
            let messages = TextSanitizer.messages(fromLines: bytes)
            guard messages != lastMessages else { return }
            lastMessages = messages
            onChange(messages)
        } catch {
            // Gone or unreadable for now (deleted, or mid-rename): keep showing the last text.
            if !vanished {
                Diagnostics.warn("\(error.description); keeping the last text until it returns")
                vanished = true
            }
        }
    }
}
