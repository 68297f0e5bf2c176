import Glibc
import MarqueeCore
import MarqueeFormats

/// A file of messages (one per non-empty line) that is re-read whenever it changes.
///
/// Nothing here waits on the loop: the file is opened without blocking and checked before it is
/// read (only a regular file within the limit is read), and a re-read goes a slice at a time,
/// one slice per loop turn, lines assembled as they come. Anything that cannot be read — gone,
/// mid-rename, a named pipe renamed over it, too large — is one warning, and the last text stays
/// until a readable file is back.
public final class FileSource: MessageSource {
    public let name: String
    public let path: String
    private let limit: Int
    private let changes: FileChangeWatch
    private let lifecycle: SourceLifecycle
    private var lastMessages: [String]
    /// The re-read under way, the lines it has assembled so far, and its hold on the loop.
    private var pending: (reader: FileSliceReader, lines: LineAssembler, watch: EventLoop.Watch)?

    /// Reads the file once, now (before the window opens, so a file that cannot be read ends the
    /// program before anything is shown), and gets ready to watch it. Throws when it cannot be
    /// read or its folder cannot be watched.
    public init(name: String = "file", path: String, limit: Int = FileReading.defaultLimit) throws(FileReadError) {
        self.name = name
        self.path = path
        self.limit = limit
        let bytes = try FileReading.contents(of: path, limit: limit)
        lastMessages = TextSanitizer.messages(fromLines: bytes)
        changes = try FileChangeWatch(path: path)
        // Gone or unreadable for now (deleted, mid-rename, not a file): the last text stays.
        lifecycle = SourceLifecycle(health: SourceHealth(subject: "cannot read \"\(path)\"", keeping: "the last text until it returns",
                                                         recovered: "\"\(path)\" is back; showing its text again"))
    }

    public var showsInStatus: Bool { false }

    /// The text as last read.
    public var messages: [String] { lastMessages }

    /// Emits the text read when it was made, then the text again whenever the file changes.
    public func start(on loop: EventLoop, emit: @escaping ([Message]) -> Void, outcome: @escaping (String?) -> Void) {
        lifecycle.start(on: loop, emit: emit, outcome: outcome)
        lifecycle.watch(changes.fd) { [unowned self] in
            if self.changes.drainEvents() { self.startReading() }
        }
        lifecycle.emit(lastMessages.map { Message($0) })
        lifecycle.succeeded()
    }

    /// Stops watching the file and drops a re-read under way.
    public func stop() {
        pending = nil
        lifecycle.stop()
    }

    /// Whether a re-read is under way.
    public var isReading: Bool { pending != nil }

    private func startReading() {
        guard let loop = lifecycle.loop else { return }
        // A newer change makes the read under way stale: start again from the top.
        pending = nil
        let reader: FileSliceReader
        do {
            reader = try FileSliceReader(path: path, limit: limit)
        } catch {
            return lifecycle.failed(error.reason)
        }
        pending = (reader, LineAssembler(keep: .max), loop.watching(reader.fd) { [unowned self] _ in self.readSlice() })
    }

    private func readSlice() {
        guard let reader = pending?.reader, let watch = pending?.watch, var lines = pending?.lines else { return }
        // Taken out while it grows, so the assembler's buffers are not copied on every slice.
        pending = nil
        let finished: Bool
        do {
            finished = try reader.readSlice { _ = lines.append($0) }
        } catch {
            return lifecycle.failed(error.reason)
        }
        guard finished else {
            pending = (reader, lines, watch)
            return
        }
        _ = lines.finish()
        lifecycle.succeeded()
        guard lines.lines != lastMessages else { return }
        lastMessages = lines.lines
        lifecycle.emit(lines.lines.map { Message($0) })
    }
}
