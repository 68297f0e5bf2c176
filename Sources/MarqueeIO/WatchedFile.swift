import CLinux
import Glibc
import MarqueeCore

/// A file of messages (one per non-empty line) that is re-read whenever it changes.
///
/// A file that vanishes keeps its last text on screen and is picked up again when it comes back.
public final class WatchedFile {
    public let path: String
    private let watch: FileChangeWatch
    private var lastMessages: [String]
    private var vanished = false
    /// Called with the new messages when the file's text changed.
    public var onChange: ([String]) -> Void = { _ in }

    /// Reads the file once and starts watching it. Throws when it cannot be read now.
    public init(path: String) throws(FileReadError) {
        self.path = path
        let bytes = try FileReading.contents(of: path)
        lastMessages = TextSanitizer.messages(fromLines: bytes)
        watch = try FileChangeWatch(path: path)
    }

    public var fd: Int32 { watch.fd }
    public var messages: [String] { lastMessages }

    /// Reads the queued inotify events; re-reads the file when one concerns it.
    public func handleEvents() {
        if watch.drainEvents() { reload() }
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
