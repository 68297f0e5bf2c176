import Glibc
import MarqueeCore

/// A file of messages (one per non-empty line) that is re-read whenever it changes.
///
/// Nothing here waits on the loop: the file is opened without blocking and checked before it is
/// read (only a regular file within the limit is read), and a re-read goes a slice at a time,
/// one slice per loop turn, lines assembled as they come. Anything that cannot be read — gone,
/// mid-rename, a named pipe renamed over it, too large — is one warning, and the last text stays
/// until a readable file is back.
public final class WatchedFile {
    public let path: String
    private let limit: Int
    private let loop: EventLoop
    private let watch: FileChangeWatch
    private var lastMessages: [String]
    /// The re-read under way and the lines it has assembled so far.
    private var pending: (reader: FileSliceReader, lines: LineAssembler)?
    /// The last warning given, so a file that stays unreadable is not reported on every event.
    private var problem: String?
    /// Called with the new messages when the file's text changed.
    public var onChange: ([String]) -> Void = { _ in }

    /// Reads the file once (before any frame, so at once) and starts watching it on `loop`.
    /// Throws when it cannot be read now.
    public init(path: String, loop: EventLoop, limit: Int = FileReading.defaultLimit) throws(FileReadError) {
        self.path = path
        self.limit = limit
        self.loop = loop
        let bytes = try FileReading.contents(of: path, limit: limit)
        lastMessages = TextSanitizer.messages(fromLines: bytes)
        watch = try FileChangeWatch(path: path)
        loop.watch(watch.fd) { [unowned self] _ in
            if self.watch.drainEvents() { self.startReading() }
        }
    }

    deinit {
        cancelReading()
        loop.unwatch(watch.fd)
    }

    public var messages: [String] { lastMessages }

    /// Whether a re-read is under way.
    public var isReading: Bool { pending != nil }

    private func startReading() {
        // A newer change makes the read under way stale: start again from the top.
        cancelReading()
        let reader: FileSliceReader
        do {
            reader = try FileSliceReader(path: path, limit: limit)
        } catch {
            report(error)
            return
        }
        pending = (reader, LineAssembler(keep: .max))
        loop.watch(reader.fd) { [unowned self] _ in self.readSlice() }
    }

    private func readSlice() {
        guard let reader = pending?.reader, var lines = pending?.lines else { return }
        // Taken out while it grows, so the assembler's buffers are not copied on every slice.
        pending = nil
        let finished: Bool
        do {
            finished = try reader.readSlice { _ = lines.append($0) }
        } catch {
            loop.unwatch(reader.fd)
            report(error)
            return
        }
        guard finished else {
            pending = (reader, lines)
            return
        }
        loop.unwatch(reader.fd)
        _ = lines.finish()
        if problem != nil {
            Diagnostics.warn("\"\(path)\" is back; showing its text again")
            problem = nil
        }
        guard lines.lines != lastMessages else { return }
        lastMessages = lines.lines
        onChange(lines.lines)
    }

    private func cancelReading() {
        if let reader = pending?.reader { loop.unwatch(reader.fd) }
        pending = nil
    }

    private func report(_ error: FileReadError) {
        // Gone or unreadable for now (deleted, mid-rename, not a file): keep showing the last text.
        guard problem != error.reason else { return }
        problem = error.reason
        Diagnostics.warn("\(error.description); keeping the last text until it returns")
    }
}
