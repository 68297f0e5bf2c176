import CLinux
import Glibc

/// A timerfd armed at absolute CLOCK_MONOTONIC deadlines: the frame pacer where the X Present
/// extension is missing. Absolute deadlines do not drift the way "sleep one period" does.
public final class FrameTimer {
    public let fd: Int32

    public init?() {
        fd = timerfd_create(CLOCK_MONOTONIC, Int32(TFD_NONBLOCK | TFD_CLOEXEC))
        guard fd >= 0 else { return nil }
    }

    // A failed init runs deinit too: closing -1 there would replace the reason in errno.
    deinit { if fd >= 0 { close(fd) } }

    /// Fires once at `deadline` (seconds on the monotonic clock).
    public func arm(at deadline: Double) {
        var spec = itimerspec()
        let seconds = max(deadline, 1e-6)
        spec.it_value.tv_sec = Int(seconds)
        spec.it_value.tv_nsec = Int((seconds - Double(Int(seconds))) * 1e9)
        timerfd_settime(fd, Int32(TFD_TIMER_ABSTIME), &spec, nil)
    }

    public func disarm() {
        var spec = itimerspec()
        timerfd_settime(fd, 0, &spec, nil)
    }

    /// Acknowledges the expiry so poll() stops reporting it.
    public func acknowledge() {
        var expirations: UInt64 = 0
        _ = read(fd, &expirations, 8)
    }
}
