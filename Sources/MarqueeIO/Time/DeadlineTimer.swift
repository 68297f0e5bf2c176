import CLinux
import Glibc

/// A timerfd armed at absolute deadlines, on the monotonic clock (frames, command and feed
/// runs, child deadlines) or the wall clock (the clock item and schedules, which wake exactly
/// at a boundary of local time instead of polling). Absolute deadlines do not drift the way
/// "sleep one period" does.
public final class DeadlineTimer {
    public enum Clock {
        /// Seconds as `MonotonicClock.now()` counts them.
        case monotonic
        /// Seconds since 1970 UTC. When the system clock is set (NTP step, the user) the timer is
        /// cancelled and fires early, so its owner recomputes.
        case wall
    }

    public let fd: Int32
    private let clock: Clock
    /// Set from `arm` until `disarm` or `acknowledge`: disarming a timer that cannot be armed
    /// costs no system call (a frame clock disarms its fallback timer every frame).
    private var mayBeArmed = false

    public init?(clock: Clock = .monotonic) {
        self.clock = clock
        fd = timerfd_create(clock == .monotonic ? CLOCK_MONOTONIC : CLOCK_REALTIME, Int32(TFD_NONBLOCK | TFD_CLOEXEC))
        guard fd >= 0 else { return nil }
    }

    // A failed init runs deinit too: closing -1 there would replace the reason in errno.
    deinit { if fd >= 0 { close(fd) } }

    /// Fires once at `deadline` (seconds on the timer's clock, whole or fractional).
    public func arm(at deadline: Double) {
        var spec = itimerspec()
        // Zero would disarm: a deadline at or before the clock's origin fires at once instead.
        let seconds = max(deadline, 1e-6)
        spec.it_value.tv_sec = Int(seconds)
        spec.it_value.tv_nsec = Int((seconds - Double(Int(seconds))) * 1e9)
        let flags = clock == .wall ? TFD_TIMER_ABSTIME | TFD_TIMER_CANCEL_ON_SET : TFD_TIMER_ABSTIME
        timerfd_settime(fd, Int32(flags), &spec, nil)
        mayBeArmed = true
    }

    public func disarm() {
        guard mayBeArmed else { return }
        var spec = itimerspec()
        timerfd_settime(fd, 0, &spec, nil)
        mayBeArmed = false
    }

    /// Acknowledges an expiry (or a clock change) so poll() stops reporting it.
    public func acknowledge() {
        var expirations: UInt64 = 0
        // A timer that fired is disarmed (it never repeats); one cancelled by a clock change
        // (the read fails) may still be armed.
        if read(fd, &expirations, 8) == 8 { mayBeArmed = false }
    }

    /// Calls `handler` on `loop` at each expiry, acknowledged first, for as long as the returned
    /// watch is held; letting it go disarms the timer.
    public func wake(on loop: EventLoop, _ handler: @escaping () -> Void) -> EventLoop.Watch {
        loop.watching(fd, onRelease: { [weak self] in self?.disarm() }) { [unowned self] _ in
            self.acknowledge()
            handler()
        }
    }
}
