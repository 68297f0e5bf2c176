import MarqueeCore

/// Scheduled messages: shows those whose time window is on now, and sleeps until the next
/// moment any of them starts or ends (an absolute wall-clock deadline, not a polling interval).
public final class ScheduleSource: MessageSource {
    public let name: String
    private let entries: [ScheduledMessage]
    private let timer: WallClockTimer
    private let clock: () -> (epoch: Double, wall: WallTime)
    private let epochOf: (WallTime) -> Int
    private var sink: SourceSink?
    /// The wall time the timer is armed for (nil: nothing will ever change again).
    public private(set) var nextWake: WallTime?

    /// `clock` and `epochOf` read and convert the local wall clock; tests inject their own.
    /// Throws when no timer descriptor can be had.
    public init(name: String = "schedule", entries: [ScheduledMessage],
                clock: @escaping () -> (epoch: Double, wall: WallTime) = LocalTime.now,
                epochOf: @escaping (WallTime) -> Int = LocalTime.epoch(of:)) throws(SourceError) {
        guard let timer = WallClockTimer() else { throw .noTimer(name) }
        self.name = name
        self.entries = entries
        self.timer = timer
        self.clock = clock
        self.epochOf = epochOf
    }

    deinit { stop() }

    public func activeMessages(at time: WallTime) -> [String] {
        entries.filter { $0.schedule.isActive(at: time) }.map(\.text)
    }

    /// Emits what is on now (once at start, then at each change) and arms the timer for the next change.
    public func start(on loop: EventLoop, emit: @escaping ([Message]) -> Void, outcome: @escaping (String?) -> Void) {
        stop()
        sink = SourceSink(loop: loop, emit: emit, outcome: outcome)
        loop.watch(timer.fd) { [unowned self] _ in self.update() }
        update()
    }

    public func stop() {
        guard let loop = sink?.loop else { return }
        loop.unwatch(timer.fd)
        timer.disarm()
        sink = nil
        nextWake = nil
    }

    /// Recomputes what is on, emits it and re-arms the timer: what the timer's wake-up does (tests
    /// that move their injected clock call it themselves).
    public func update() {
        timer.acknowledge()
        let now = clock()
        sink?.emit(activeMessages(at: now.wall).map { Message($0) })
        sink?.outcome(nil)
        nextWake = entries.compactMap { $0.schedule.nextChange(after: now.wall) }.min()
        if let nextWake {
            // Never in the past: a skipped local time (DST) or a late wake-up still moves forward.
            timer.arm(atEpoch: max(Double(epochOf(nextWake)), now.epoch.rounded(.down) + 1))
        }
    }
}
