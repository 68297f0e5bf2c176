import CWaylandClient
import WaylandProtocols

/// A surface's commit timer (`wp_commit_timer_v1`): the next commit is held until a time on the
/// compositor's presentation clock. Frames queued through the fifo carry the times of the
/// refreshes they were planned for, so a batch that reaches the compositor early (a callback ahead
/// of the clock) is never shown ahead of its time; the fifo still shows them one a refresh. Made
/// and destroyed here, one per surface.
final class CommitTimer {
    private let timer: OpaquePointer
    private let display: WaylandDisplay

    /// Nil where the compositor offers no commit timing, or has not said its presentation clock.
    init?(display: WaylandDisplay, surface: OpaquePointer) {
        guard let manager = display.commitTimingManager, display.presentationClock != nil,
              let timer = wp_commit_timing_manager_v1_get_timer(manager, surface) else { return nil }
        self.timer = timer
        self.display = display
    }

    deinit { wp_commit_timer_v1_destroy(timer) }

    /// The next commit is for the refresh at `time` (CLOCK_MONOTONIC seconds) of an output
    /// refreshing every `period`: held until half a refresh before it, so that the refresh before
    /// cannot show it and this one can, whichever moment of its refresh the compositor compares.
    func holdNextCommit(forRefreshAt time: Double, period: Double) {
        guard let offset = display.offsetToMonotonic() else { return }
        let stamp = CommitTimestamp(seconds: time - period / 2 - offset)
        wp_commit_timer_v1_set_timestamp(timer, stamp.secondsHigh, stamp.secondsLow, stamp.nanoseconds)
    }
}

/// A time in seconds as `wp_commit_timer_v1.set_timestamp` takes it: the seconds' high and low 32
/// bits and the nanoseconds (0...999 999 999; a time before the clock's origin is its origin).
struct CommitTimestamp: Equatable {
    let secondsHigh: UInt32
    let secondsLow: UInt32
    let nanoseconds: UInt32

    init(seconds: Double) {
        // Seconds and their fraction apart: in nanoseconds a double is exact only to 2^53 (104 days).
        let time = seconds.isFinite ? max(0, min(seconds, Double(UInt64(UInt32.max) << 32))) : 0
        var whole = UInt64(time.rounded(.down))
        var fraction = UInt64(((time - time.rounded(.down)) * 1e9).rounded())
        if fraction >= 1_000_000_000 {
            whole += 1
            fraction -= 1_000_000_000
        }
        secondsHigh = UInt32(truncatingIfNeeded: whole >> 32)
        secondsLow = UInt32(truncatingIfNeeded: whole)
        nanoseconds = UInt32(fraction)
    }
}
