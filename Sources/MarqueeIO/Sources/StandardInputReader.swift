import Glibc
import MarqueeCore

/// Messages from standard input, one per line, as they arrive.
///
/// Reads at most `chunkSize` bytes each time the loop finds the descriptor readable, so a 10 MB
/// line arrives over several loop turns and frames keep being drawn in between. The descriptor
/// is left blocking (it may be a terminal shared with the shell); poll() says when a read won't wait.
public final class StandardInputReader {
    public static let chunkSize = 256 << 10
    public let fd: Int32
    private var assembler: LineAssembler
    private var buffer = [UInt8](repeating: 0, count: chunkSize)
    /// Called with the kept lines whenever they change.
    public var onChange: ([String]) -> Void = { _ in }

    public init(fd: Int32 = 0, keep: Int) {
        self.fd = fd
        assembler = LineAssembler(keep: keep)
    }

    /// Reads what is available; returns false once the input has ended (stop watching it then).
    @discardableResult
    public func readAvailable() -> Bool {
        let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        if count < 0 {
            if errno == EINTR || errno == EAGAIN { return true }
            Diagnostics.warn("standard input: \(String(cString: strerror(errno))); keeping the last text")
            return finish()
        }
        if count == 0 { return finish() }
        if assembler.append(buffer[0..<count]) { onChange(assembler.lines) }
        return true
    }

    private func finish() -> Bool {
        // At end of input the last text stays on screen and the ticker keeps running.
        if assembler.finish() { onChange(assembler.lines) }
        return false
    }
}
