import Glibc
import MarqueeFormats

/// One run of a child on the event loop: gathers its output (up to a limit), the tail of its
/// error output, and reports once when it has ended — by itself, or killed at its deadline or
/// for printing too much. The loop never blocks on the child.
public final class ChildRun {
    public struct Outcome {
        public var output: [UInt8]
        /// The last line the child wrote on standard error (for the warning), sanitised.
        public var lastErrorLine: String
        public var termination: ChildProcess.Termination
        public var timedOut: Bool
        public var overflowed: Bool

        public var succeeded: Bool { termination == .exited(0) && !timedOut && !overflowed }

        /// Why the run failed, in words for a warning; nil when it succeeded.
        public func failure(timeout: Double, limit: Int) -> String? {
            var reason: String
            if timedOut {
                reason = "still running after \(Self.seconds(timeout)); killed"
            } else if overflowed {
                reason = "printed more than \(limit >> 20 > 0 ? "\(limit >> 20) MB" : "\(limit) bytes"); killed"
            } else if termination != .exited(0) {
                reason = termination.description
            } else {
                return nil
            }
            if !lastErrorLine.isEmpty { reason += ": " + lastErrorLine }
            return reason
        }

        static func seconds(_ value: Double) -> String {
            value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
        }
    }

    private let child: ChildProcess
    private let limit: Int
    private let deadline = DeadlineTimer()
    /// The loop's hold on the pipes, the exit and the deadline, let go of when the run ends.
    private var watches: [Int32: EventLoop.Watch] = [:]
    private var output: [UInt8] = []
    private var errorTail: [UInt8] = []
    private var timedOut = false
    private var overflowed = false
    private var finished = false
    private let onEnd: (Outcome) -> Void

    /// Starts watching `child`; `onEnd` is called once, from the loop, when it has ended.
    public init(child: ChildProcess, loop: EventLoop, timeout: Double, outputLimit: Int, onEnd: @escaping (Outcome) -> Void) {
        self.child = child
        self.limit = outputLimit
        self.onEnd = onEnd
        watches[child.output] = loop.watching(child.output) { [unowned self] _ in self.readOutput() }
        watches[child.errors] = loop.watching(child.errors) { [unowned self] _ in self.readErrors() }
        watches[child.exitFD] = loop.watching(child.exitFD) { [unowned self] _ in
            if Self.isReady(child.exitFD) { self.finish() }
        }
        if let deadline {
            deadline.arm(at: MonotonicClock.now() + timeout)
            watches[deadline.fd] = loop.watching(deadline.fd, onRelease: deadline.disarm) { [unowned self] _ in
                guard Self.isReady(deadline.fd) else { return }
                self.timedOut = true
                self.finish()
            }
        }
    }

    public var isRunning: Bool { !finished }

    /// Kills the child now and reports it as timed out (the next run is due while it still runs).
    public func cancel() {
        guard !finished else { return }
        timedOut = true
        finish()
    }

    /// Descriptor numbers are reused: a handler may run for a descriptor closed and reopened in the
    /// same loop turn. The exit and deadline handlers act only when theirs really is ready.
    private static func isReady(_ fd: Int32) -> Bool {
        var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, 0) == 1
    }

    private func readOutput() {
        if drainOutput() { finish() }
    }

    /// Reads what is available; true once the output went past the limit.
    private func drainOutput() -> Bool {
        drain(child.output, chunk: 64 << 10) { bytes in
            output.append(contentsOf: bytes)
            overflowed = output.count > limit
            return !overflowed
        }
        return overflowed
    }

    private func readErrors() {
        drain(child.errors, chunk: 16 << 10) { bytes in
            // Only the end matters for the warning: keep the last few kilobytes.
            errorTail.append(contentsOf: bytes)
            if errorTail.count > 4096 { errorTail.removeFirst(errorTail.count - 4096) }
            return true
        }
    }

    /// Reads `fd` until it would wait, handing each chunk to `take` (false: stop reading). At the
    /// end of the stream or on an error the pipe is unwatched.
    private func drain(_ fd: Int32, chunk: Int, take: (ArraySlice<UInt8>) -> Bool) {
        var buffer = [UInt8](repeating: 0, count: chunk)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 {
                if count == 0 || errno != EAGAIN { watches[fd] = nil }
                return
            }
            guard take(buffer[0..<count]) else { return }
        }
    }

    private func finish() {
        guard !finished else { return }
        finished = true
        if timedOut || overflowed { child.kill() }
        // Whatever the child wrote before it exited is already in the pipes: take it now.
        if !overflowed && drainOutput() { child.kill() }
        readErrors()
        watches = [:]
        let termination = child.wait()
        let lastLine = TextSanitizer.messages(fromLines: errorTail).last ?? ""
        onEnd(Outcome(output: output, lastErrorLine: TextSanitizer.singleLine(String(lastLine.prefix(300))),
                      termination: termination, timedOut: timedOut, overflowed: overflowed))
    }
}
