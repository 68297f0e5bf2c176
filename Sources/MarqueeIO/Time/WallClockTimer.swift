import CLinux
import Glibc

/// A timerfd on the wall clock (CLOCK_REALTIME) armed at absolute deadlines: schedules and the
/// clock item wake exactly at a boundary of local time instead of polling. When the system clock
/// is set (NTP step, the user), the timer is cancelled and fires early, so the owner recomputes.
public final class WallClockTimer {
    public let fd: Int32

    public init?() {
        fd = timerfd_create(CLOCK_REALTIME, Int32(TFD_NONBLOCK | TFD_CLOEXEC))
        guard fd >= 0 else { return nil }
    }

    // A failed init runs deinit too: closing -1 there would replace the reason in errno.
    deinit { if fd >= 0 { close(fd) } }

    /// Fires once at `epochSeconds` (seconds since 1970 UTC, whole or fractional).
    public func arm(atEpoch epochSeconds: Double) {
        var spec = itimerspec()
        let seconds = max(epochSeconds, 1)
        spec.it_value.tv_sec = Int(seconds)
        spec.it_value.tv_nsec = Int((seconds - Double(Int(seconds))) * 1e9)
        timerfd_settime(fd, Int32(TFD_TIMER_ABSTIME | TFD_TIMER_CANCEL_ON_SET), &spec, nil)
    }

    public func disarm() {
        var spec = itimerspec()
        timerfd_settime(fd, 0, &spec, nil)
    }

    /// Acknowledges an expiry (or a clock change) so poll() stops reporting it.
    public func acknowledge() {
        var expirations: UInt64 = 0
        _ = read(fd, &expirations, 8)
    }
}
