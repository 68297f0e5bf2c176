import MarqueeCore
import MarqueeFormats

/// Scheduled messages: shows those whose time window is on now, and sleeps until the next
/// moment any of them starts or ends (an absolute wall-clock deadline, not a polling interval).
public final class ScheduleSource: MessageSource {
    public let name: String
    private let entries: [ScheduledMessage]
    private let timer: DeadlineTimer
    private let clock: () -> (epoch: Double, wall: WallTime)
    private let epochOf: (WallTime) -> Int
    private let lifecycle = SourceLifecycle()
    /// The wall time the timer is armed for (nil: nothing will ever change again).
    public private(set) var nextWake: WallTime?

    /// `clock` and `epochOf` read and convert the local wall clock; tests inject their own.
    /// Throws when no timer descriptor can be had.
    public init(name: String = "schedule", entries: [ScheduledMessage],
                clock: @escaping () -> (epoch: Double, wall: WallTime) = LocalTime.now,
                epochOf: @escaping (WallTime) -> Int = LocalTime.epoch(of:)) throws(SourceError) {
        guard let timer = DeadlineTimer(clock: .wall) else { throw .noTimer(name) }
        self.name = name
        self.entries = entries
        self.timer = timer
        self.clock = clock
        self.epochOf = epochOf
    }

    public func activeMessages(at time: WallTime) -> [String] {
        entries.filter { $0.schedule.isActive(at: time) }.map(\.text)
    }

    /// Emits what is on now (once at start, then at each change) and arms the timer for the next change.
    public func start(on loop: EventLoop, emit: @escaping ([Message]) -> Void, outcome: @escaping (String?) -> Void) {
        lifecycle.start(on: loop, emit: emit, outcome: outcome)
        lifecycle.tick(on: timer) { [unowned self] in self.update() }
    }

    public func stop() {
        lifecycle.stop()
        nextWake = nil
    }

    /// Recomputes what is on, emits it and re-arms the timer: what the timer's wake-up does (tests
    /// that move their injected clock call it themselves).
    public func update() {
        guard lifecycle.isRunning else { return }
        let now = clock()
        lifecycle.emit(activeMessages(at: now.wall).map { Message($0) })
        lifecycle.succeeded()
        nextWake = entries.compactMap { $0.schedule.nextChange(after: now.wall) }.min()
        if let nextWake {
            // Never in the past: a skipped local time (DST) or a late wake-up still moves forward.
            timer.arm(at: max(Double(epochOf(nextWake)), now.epoch.rounded(.down) + 1))
        }
    }
}
