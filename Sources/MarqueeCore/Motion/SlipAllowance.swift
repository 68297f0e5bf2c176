/// How much of a display's lateness the text may absorb. A display that queues frames without
/// times (a Wayland fifo) shows each one at the refresh after the one before; when the
/// compositor misses a refresh, or the next batch comes after the queue ran out, the picture
/// stands a refresh longer. Catching up then would add a jump of that many steps to the stall;
/// instead the text continues from the last frame handed, as after a hidden window. Only now
/// and then: the allowance refills at `share` of the time that passes, up to `capacity`, so a
/// display that falls behind for good (a compositor drawing every second refresh) still has the
/// text keep its speed, catching up by time.
///
/// Pure: times are seconds on the caller's clock.
public struct SlipAllowance: Equatable, Sendable {
    /// The part of the running time that may be absorbed: a quarter.
    public static let share = 0.25
    /// The most absorbed in a row, and the largest single slip taken (15 refreshes at 60 Hz).
    public static let capacity = 0.25

    private var balance = SlipAllowance.capacity
    private var lastTime: Double?

    public init() {}

    /// Whether a slip of `seconds` at `time` is absorbed (then taken from the allowance).
    public mutating func absorbs(_ seconds: Double, at time: Double) -> Bool {
        if let lastTime, time > lastTime { balance = min(Self.capacity, balance + (time - lastTime) * Self.share) }
        lastTime = max(lastTime ?? time, time)
        guard seconds > 0, seconds <= balance else { return false }
        balance -= seconds
        return true
    }
}
