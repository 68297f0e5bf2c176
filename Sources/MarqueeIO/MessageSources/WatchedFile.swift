import Glibc
import MarqueeCore

/// A file of messages (one per non-empty line) that is re-read whenever it changes.
///
/// Nothing here waits on the loop: the file is opened without blocking and checked before it is
/// read (only a regular file within the limit is read), and a re-read goes a slice at a time,
/// one slice per loop turn, lines assembled as they come. Anything that cannot be read — gone,
/// mid-rename, a named pipe renamed over it, too large — is one warning, and the last text stays
/// until a readable file is back.
public final class WatchedFile: MessageSource {
    public let name: String
    public let path: String
    private let limit: Int
    private let watch: FileChangeWatch
    private var sink: SourceSink?
    private var lastMessages: [String]
    /// The re-read under way and the lines it has assembled so far.
    private var pending: (reader: FileSliceReader, lines: LineAssembler)?
    /// The last warning given, so a file that stays unreadable is not reported on every event.
    private var problem: String?

    /// Reads the file once, now (before the window opens, so a file that cannot be read ends the
    /// program before anything is shown), and gets ready to watch it. Throws when it cannot be
    /// read or its folder cannot be watched.
    public init(name: String = "file", path: String, limit: Int = FileReading.defaultLimit) throws(FileReadError) {
        self.name = name
        self.path = path
        self.limit = limit
        let bytes = try FileReading.contents(of: path, limit: limit)
        lastMessages = TextSanitizer.messages(fromLines: bytes)
        watch = try FileChangeWatch(path: path)
    }

    deinit { stop() }

    public var showsInStatus: Bool { false }

    /// The text as last read.
    public var messages: [String] { lastMessages }

    /// Emits the text read when it was made, then the text again whenever the file changes.
    public func start(on loop: EventLoop, emit: @escaping ([Message]) -> Void, outcome: @escaping (String?) -> Void) {
        stop()
        sink = SourceSink(loop: loop, emit: emit, outcome: outcome)
        loop.watch(watch.fd) { [unowned self] _ in
            if self.watch.drainEvents() { self.startReading() }
        }
        emit(lastMessages.map { Message($0) })
        outcome(nil)
    }

    /// Stops watching the file and drops a re-read under way.
    public func stop() {
        guard let loop = sink?.loop else { return }
        cancelReading()
        loop.unwatch(watch.fd)
        sink = nil
    }

    /// Whether a re-read is under way.
    public var isReading: Bool { pending != nil }

    private func startReading() {
        guard let loop = sink?.loop else { return }
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
            sink?.loop.unwatch(reader.fd)
            report(error)
            return
        }
        guard finished else {
            pending = (reader, lines)
            return
        }
        sink?.loop.unwatch(reader.fd)
        _ = lines.finish()
        if problem != nil {
            Diagnostics.warn("\"\(path)\" is back; showing its text again")
            problem = nil
        }
        sink?.outcome(nil)
        guard lines.lines != lastMessages else { return }
        lastMessages = lines.lines
        sink?.emit(lines.lines.map { Message($0) })
    }

    private func cancelReading() {
        if let reader = pending?.reader { sink?.loop.unwatch(reader.fd) }
        pending = nil
    }

    private func report(_ error: FileReadError) {
        sink?.outcome(error.description)
        // Gone or unreadable for now (deleted, mid-rename, not a file): keep showing the last text.
        guard problem != error.reason else { return }
        problem = error.reason
        Diagnostics.warn("\(error.description); keeping the last text until it returns")
    }
}
