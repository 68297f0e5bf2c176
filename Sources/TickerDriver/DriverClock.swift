import MarqueeIO

/// The driver's time: the monotonic clock's seconds, and alarms at absolute times on it. The
/// event loop's in a ticker (`LoopClock`); a fake one in the driver's tests, which move time by
/// hand.
public protocol DriverClock: AnyObject {
    /// Seconds on the monotonic clock (`MonotonicClock.now()`).
    var now: Double { get }
    /// An alarm that calls `fire` on the loop when its time comes, until the alarm is let go.
    func makeAlarm(_ fire: @escaping () -> Void) -> DriverAlarm?
}

/// One pending wake-up at a time: armed again, it moves.
public protocol DriverAlarm: AnyObject {
    func arm(at time: Double)
    func disarm()
}

/// The real clock, with alarms on `loop` (a timerfd each).
public final class LoopClock: DriverClock {
    private let loop: EventLoop

    public init(loop: EventLoop) { self.loop = loop }

    public var now: Double { MonotonicClock.now() }

    public func makeAlarm(_ fire: @escaping () -> Void) -> DriverAlarm? {
        guard let timer = DeadlineTimer() else { return nil }
        return LoopAlarm(timer: timer, watch: timer.wake(on: loop, fire))
    }
}

/// A timerfd watched on the loop for as long as the alarm lives.
private final class LoopAlarm: DriverAlarm {
    private let timer: DeadlineTimer
    private var watch: EventLoop.Watch?

    init(timer: DeadlineTimer, watch: EventLoop.Watch) {
        self.timer = timer
        self.watch = watch
    }

    // The loop lets go of the descriptor before the timer closes it.
    deinit { watch = nil }

    func arm(at time: Double) { timer.arm(at: time) }
    func disarm() { timer.disarm() }
}
