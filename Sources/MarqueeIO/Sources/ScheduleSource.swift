import MarqueeCore

/// Scheduled messages: shows those whose time window is on now, and sleeps until the next
/// moment any of them starts or ends (an absolute wall-clock deadline, not a polling interval).
public final class ScheduleSource {
    private let entries: [ScheduledMessage]
    private let timer: WallClockTimer
    private let clock: () -> (epoch: Double, wall: WallTime)
    private let epochOf: (WallTime) -> Int
    /// Called with the messages active now, whenever that set changes (and once at start).
    public var onChange: ([String]) -> Void = { _ in }
    /// The wall time the timer is armed for (nil: nothing will ever change again).
    public private(set) var nextWake: WallTime?

    /// `clock` and `epochOf` read and convert the local wall clock; tests inject their own.
    public init?(entries: [ScheduledMessage],
                 clock: @escaping () -> (epoch: Double, wall: WallTime) = LocalTime.now,
                 epochOf: @escaping (WallTime) -> Int = LocalTime.epoch(of:)) {
        guard let timer = WallClockTimer() else { return nil }
        self.entries = entries
        self.timer = timer
        self.clock = clock
        self.epochOf = epochOf
    }

    public var fd: Int32 { timer.fd }

    public func activeMessages(at time: WallTime) -> [String] {
        entries.filter { $0.schedule.isActive(at: time) }.map(\.text)
    }

    /// Recomputes what is on and re-arms the timer. Call at start and whenever `fd` is readable.
    public func update() {
        timer.acknowledge()
        let now = clock()
        onChange(activeMessages(at: now.wall))
        nextWake = entries.compactMap { $0.schedule.nextChange(after: now.wall) }.min()
        if let nextWake {
            // Never in the past: a skipped local time (DST) or a late wake-up still moves forward.
            timer.arm(atEpoch: max(Double(epochOf(nextWake)), now.epoch.rounded(.down) + 1))
        }
    }

    public func start(on loop: EventLoop) {
        loop.watch(fd) { [unowned self] _ in self.update() }
        update()
    }
}
