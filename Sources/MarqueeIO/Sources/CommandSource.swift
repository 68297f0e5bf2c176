import MarqueeCore

/// `--exec`: runs a command every `interval` seconds and shows each line of its output as a
/// message. The command is an argument vector run directly (no shell). A run still going when
/// the next one is due is killed; a failed run (non-zero exit, a signal, too much output) is one
/// warning naming the command, and the last good text stays on screen.
public final class CommandSource {
    public static let outputLimit = 1 << 20

    /// The command as the user wrote it, for warnings.
    public let name: String
    public let arguments: [String]
    public let interval: Double
    private let loop: EventLoop
    private let timer: FrameTimer
    private var run: ChildRun?
    private var nextDue = 0.0
    private var lastWarning: String?
    public var onChange: ([String]) -> Void = { _ in }
    /// Where warnings go (the tests catch them).
    public var warn: (String) -> Void = { Diagnostics.warn($0) }
    /// Each run's outcome: nil when it succeeded, else the reason (for `ctl status`).
    public var onOutcome: ((String?) -> Void)?

    public init?(name: String, arguments: [String], interval: Double, loop: EventLoop) {
        guard let timer = FrameTimer() else { return nil }
        self.name = name
        self.arguments = arguments
        self.interval = interval
        self.loop = loop
        self.timer = timer
    }

    public func start() {
        loop.watch(timer.fd) { [unowned self] _ in
            self.timer.acknowledge()
            if MonotonicClock.now() >= self.nextDue { self.runNow() } else { self.timer.arm(at: self.nextDue) }
        }
        nextDue = MonotonicClock.now()
        runNow()
    }

    private func runNow() {
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
            report(error.description)
            return
        }
        run = ChildRun(child: child, loop: loop, timeout: interval, outputLimit: Self.outputLimit) { [unowned self] outcome in
            self.finished(outcome)
        }
    }

    private func finished(_ outcome: ChildRun.Outcome) {
        if let failure = outcome.failure(timeout: interval, limit: Self.outputLimit) {
            onOutcome?(failure)
            report(failure)
            return
        }
        onOutcome?(nil)
        if lastWarning != nil {
            warn("command \"\(name)\" works again")
            lastWarning = nil
        }
        onChange(TextSanitizer.messages(fromLines: outcome.output))
    }

    /// One line per distinct failure: a command failing the same way every second says so once.
    private func report(_ failure: String) {
        guard failure != lastWarning else { return }
        lastWarning = failure
        warn("command \"\(name)\": \(failure); keeping the last text")
    }
}
