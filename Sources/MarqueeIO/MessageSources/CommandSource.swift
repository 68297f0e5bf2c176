import MarqueeCore

/// `--exec`: runs a command every `interval` seconds and shows each line of its output as a
/// message. The command is an argument vector run directly (no shell). A run still going when
/// the next one is due is killed; a failed run (non-zero exit, a signal, too much output) is one
/// warning naming the command, and the last good text stays on screen.
public final class CommandSource: MessageSource {
    public static let outputLimit = 1 << 20

    public let name: String
    /// The command as the user wrote it, for warnings.
    public let command: String
    public let arguments: [String]
    public let interval: Double
    private let timer: FrameTimer
    private var sink: SourceSink?
    private var run: ChildRun?
    private var nextDue = 0.0
    private var lastWarning: String?
    /// Where warnings go (the tests catch them).
    public var warn: (String) -> Void = { Diagnostics.warn($0) }

    /// Throws when no timer descriptor can be had.
    public init(name: String, command: String, arguments: [String], interval: Double) throws(SourceError) {
        guard let timer = FrameTimer() else { throw .noTimer(name) }
        self.name = name
        self.command = command
        self.arguments = arguments
        self.interval = interval
        self.timer = timer
    }

    deinit { stop() }

    /// Runs the command now, then every `interval`.
    public func start(on loop: EventLoop, emit: @escaping ([Message]) -> Void, outcome: @escaping (String?) -> Void) {
        stop()
        sink = SourceSink(loop: loop, emit: emit, outcome: outcome)
        loop.watch(timer.fd) { [unowned self] _ in
            self.timer.acknowledge()
            if MonotonicClock.now() >= self.nextDue { self.runNow() } else { self.timer.arm(at: self.nextDue) }
        }
        nextDue = MonotonicClock.now()
        runNow()
    }

    /// Kills a run under way (and what it started) without reporting it, and disarms the timer.
    public func stop() {
        guard let loop = sink?.loop else { return }
        sink = nil
        loop.unwatch(timer.fd)
        timer.disarm()
        run?.cancel()
        run = nil
    }

    private func runNow() {
        guard let loop = sink?.loop else { return }
        // Absolute deadlines on a fixed grid: a slow command never shifts the later runs.
        nextDue += interval
        let now = MonotonicClock.now()
        if nextDue <= now { nextDue = now + interval }
        timer.arm(at: nextDue)
        run?.cancel()
        let child: ChildProcess
        do {
            child = try ChildProcess(arguments: arguments, searchPath: true)
        } catch {
            sink?.outcome(error.description)
            report(error.description)
            return
        }
        // Weak: `stop()` from deinit kills the run, and its report must not reach back in here.
        run = ChildRun(child: child, loop: loop, timeout: interval, outputLimit: Self.outputLimit) { [weak self] outcome in
            self?.finished(outcome)
        }
    }

    private func finished(_ result: ChildRun.Outcome) {
        // A run killed by `stop()` is not reported.
        guard sink != nil else { return }
        if let failure = result.failure(timeout: interval, limit: Self.outputLimit) {
            sink?.outcome(failure)
            report(failure)
            return
        }
        sink?.outcome(nil)
        if lastWarning != nil {
            warn("command \"\(command)\" works again")
            lastWarning = nil
        }
        sink?.emit(TextSanitizer.messages(fromLines: result.output).map { Message($0) })
    }

    /// One line per distinct failure: a command failing the same way every second says so once.
    private func report(_ failure: String) {
        guard failure != lastWarning else { return }
        lastWarning = failure
        warn("command \"\(command)\": \(failure); keeping the last text")
    }
}
