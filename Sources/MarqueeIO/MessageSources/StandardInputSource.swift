import Glibc
import MarqueeCore
import MarqueeFormats

/// Messages from standard input, one per line, as they arrive: the latest `keep` lines.
///
/// Reads at most `chunkSize` bytes each time the loop finds the descriptor readable, so a 10 MB
/// line arrives over several loop turns and frames keep being drawn in between. The descriptor
/// is left blocking (it may be a terminal shared with the shell); poll() says when a read won't
/// wait. At the end of input (or a read error) it stops watching, and the last text stays on
/// screen. The descriptor is not this source's: it is never closed here.
///
/// A line is at most `longestLine` bytes: one longer (a stream with no newline at all) is shown
/// cut there, the rest of it is left out, and that is said once on standard error. A message of
/// 256 kB already scrolls for hours; what is held is bounded however long the stream runs.
public final class StandardInputSource: MessageSource {
    public static let chunkSize = 256 << 10
    public static let longestLine = 256 << 10
    /// The kept lines together (`--keep`): at most four of the longest.
    public static let keptBytes = 4 * longestLine
    public let name: String
    public let fd: Int32
    private var assembler: LineAssembler
    private var buffer = [UInt8](repeating: 0, count: chunkSize)
    private let lifecycle = SourceLifecycle(health: SourceHealth(subject: "standard input", keeping: "the last text"))

    public init(name: String = "stdin", fd: Int32 = 0, keep: Int) {
        self.name = name
        self.fd = fd
        assembler = LineAssembler(keep: keep, longestLine: Self.longestLine, overlong: .cut, keptBytes: Self.keptBytes)
    }

    public var showsInStatus: Bool { false }

    /// Watches the descriptor; the kept lines are emitted whenever they change.
    public func start(on loop: EventLoop, emit: @escaping ([Message]) -> Void, outcome: @escaping (String?) -> Void) {
        lifecycle.start(on: loop, emit: emit, outcome: outcome)
        lifecycle.watch(fd) { [unowned self] in
            if !self.readAvailable() { self.stop() }
        }
    }

    public func stop() {
        lifecycle.stop()
    }

    /// Reads what is available; returns false once the input has ended.
    private func readAvailable() -> Bool {
        let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        if count < 0 {
            if errno == EINTR || errno == EAGAIN { return true }
            lifecycle.failed(String(cString: strerror(errno)))
            return finish()
        }
        if count == 0 { return finish() }
        let cutBefore = assembler.cutLines
        if assembler.append(buffer[0..<count]) { changed() }
        if cutBefore == 0 && assembler.cutLines > 0 {
            lifecycle.warn("standard input: a line longer than \(Self.longestLine >> 10) kB was cut there and the rest "
                           + "of it left out (so is any other such line's)")
        }
        return true
    }

    private func finish() -> Bool {
        // At end of input the last text stays on screen and the ticker keeps running.
        if assembler.finish() { changed() }
        return false
    }

    private func changed() {
        lifecycle.emit(assembler.lines.map { Message($0) })
        lifecycle.succeeded()
    }
}
