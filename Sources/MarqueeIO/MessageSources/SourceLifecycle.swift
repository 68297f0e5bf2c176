import MarqueeCore

/// What every source shares, from `start` to `stop`: the loop it runs on, where its messages and
/// outcomes go, the descriptors and timers it wakes on, and its health. A source writes only
/// what it produces (sources in other modules too: the desktop bus's); stopping (or releasing the source) lets go of every watch, which unwatches
/// the descriptors and disarms the timers, so nothing is emitted or woken outside that span.
public final class SourceLifecycle {
    private struct Running {
        let loop: EventLoop
        let emit: ([Message]) -> Void
        let outcome: (_ failure: String?) -> Void
        var watches: [EventLoop.Watch] = []
    }

    private var running: Running?
    private var health: SourceHealth?
    /// Where warnings go (the tests catch them).
    public var warn: (String) -> Void = { Diagnostics.warn($0) }

    /// `health` says how failures are told; without it the source never fails.
    public init(health: SourceHealth? = nil) {
        self.health = health
    }

    public var loop: EventLoop? { running?.loop }
    public var isRunning: Bool { running != nil }

    /// Ends a previous run, then holds the loop and the callbacks until `stop()`.
    public func start(on loop: EventLoop, emit: @escaping ([Message]) -> Void, outcome: @escaping (String?) -> Void) {
        stop()
        running = Running(loop: loop, emit: emit, outcome: outcome)
    }

    public func stop() {
        running = nil
    }

    /// Calls `handler` whenever `fd` is readable, until `stop()`.
    public func watch(_ fd: Int32, handler: @escaping () -> Void) {
        guard let loop = running?.loop else { return }
        running?.watches.append(loop.watching(fd) { _ in handler() })
    }

    /// Calls `handler` now and at each expiry of `timer` (which it re-arms), until `stop()`.
    public func tick(on timer: DeadlineTimer, handler: @escaping () -> Void) {
        guard let loop = running?.loop else { return }
        running?.watches.append(timer.wake(on: loop, handler))
        handler()
    }

    public func emit(_ messages: [Message]) {
        running?.emit(messages)
    }

    /// An attempt worked: the outcome, and one line when it had been failing.
    public func succeeded() {
        guard let running else { return }
        running.outcome(nil)
        if let line = health?.warningWorking() { warn(line) }
    }

    /// An attempt failed: the outcome, and a warning unless the last failure was of the same
    /// `kind` (by default the reason itself).
    public func failed(_ reason: String, kind: String? = nil) {
        guard let running else { return }
        running.outcome(reason)
        if let line = health?.warning(failing: reason, kind: kind ?? reason) { warn(line) }
    }
}
