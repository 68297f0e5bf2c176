/// When the frame drawn now will be on screen, for a compositor that paces its clients with
/// frame callbacks: from presentation feedback where the compositor sends it (the time a frame
/// was shown and the refresh period), otherwise from the times the callbacks arrive and a period
/// measured from them (a headless compositor may send no feedback at all).
///
/// Frame times lie on a fixed grid (`FrameClock`), as with a vblank counter: jitter in when a callback wakes
/// us never reaches the motion. The grid is moved only when the compositor's own times leave it
/// by more than a quarter of a frame (a changed refresh rate, an output switch), never by the
/// small wobble of a loaded machine. Pure: times are seconds on CLOCK_MONOTONIC, given by the
/// caller.
public struct PresentationClock: Sendable {
    public enum Source: Equatable, Sendable {
        /// Nothing heard yet: the grid is a guess.
        case none
        /// Frame-callback arrival times (no presentation feedback).
        case callbacks
        /// `wp_presentation_feedback.presented` times.
        case presentation
    }

    public private(set) var source: Source = .none
    public private(set) var period: Double
    /// Whether the compositor said its refresh period (else it is measured from consecutive
    /// frames, each of which must then be heard of).
    public private(set) var knowsRefresh = false
    private var grid: FrameClock?
    /// Recent intervals between consecutive callbacks (or presentations without a refresh figure).
    private var intervals = RollingMedian(capacity: PresentationClock.window)
    private var lastTime: Double?
    /// The run of consecutive frames being measured: where it started and the refreshes since.
    private var run: (start: Double, refreshes: Double)?
    private var lastCounter: UInt64 = 0
    /// How many intervals the measured period is the median of.
    static let window = 31

    public init(guessedPeriod: Double = 1.0 / 60) {
        period = guessedPeriod
    }

    /// A frame callback arrived at `time`. `consecutive`: the callback before it was answered at
    /// once with a new frame, so their distance is one refresh (a pause or a hidden surface breaks
    /// the run and its gap measures nothing).
    public mutating func noteCallback(at time: Double, consecutive: Bool) {
        guard source != .presentation else { return }
        source = .callbacks
        measure(time, consecutive: consecutive)
        anchor(at: time)
    }

    /// A frame was shown at `time`; `refresh` is the output's period when the compositor knows it.
    public mutating func notePresented(at time: Double, refresh: Double?) {
        let first = source != .presentation
        source = .presentation
        if first { intervals.removeAll(); lastTime = nil; run = nil }
        if let refresh, refresh > 0 {
            knowsRefresh = true
            adopt(period: refresh)
            lastTime = time
        } else {
            measure(time, consecutive: true)
        }
        anchor(at: time, exactly: true)
    }

    /// The next frame to draw, at `now`: its counter on the grid and the time it will be shown,
    /// the first grid point after `now`. Counters only grow, so two calls within one refresh
    /// never show the same frame time twice.
    public mutating func nextFrame(after now: Double) -> (counter: UInt64, time: Double) {
        if grid == nil { grid = FrameClock(period: period, referenceCounter: 1 << 20, referenceTime: now) }
        let clock = grid!
        var counter = clock.counter(near: now)
        if clock.time(ofCounter: counter) <= now { counter += 1 }
        counter = max(counter, lastCounter + 1)
        lastCounter = counter
        return (counter, clock.time(ofCounter: counter))
    }

    /// Frames through `counter` are queued already: the next one drawn comes after them.
    public mutating func reserve(through counter: UInt64) { lastCounter = max(lastCounter, counter) }

    /// The first grid point after `time` and no earlier than `counter`, not taken (nil before the
    /// grid is known).
    public func peekFrame(after time: Double, notBefore counter: UInt64) -> (counter: UInt64, time: Double)? {
        guard let clock = grid else { return nil }
        var next = clock.counter(near: time)
        if clock.time(ofCounter: next) <= time { next += 1 }
        next = max(next, counter)
        return (next, clock.time(ofCounter: next))
    }

    /// Keeps the grid, or moves it to `time`: always for a presentation time (the compositor's
    /// exact vblank), for a callback only when its times left the grid by a quarter of a frame.
    private mutating func anchor(at time: Double, exactly: Bool = false) {
        guard var clock = grid else {
            grid = FrameClock(period: period, referenceCounter: 1 << 20, referenceTime: time)
            return
        }
        if clock.period != period { clock.adopt(period: period, keeping: clock.counter(near: time)) }
        let counter = clock.counter(near: time)
        if exactly || abs(clock.time(ofCounter: counter) - time) > period / 4 {
            clock = FrameClock(period: period, referenceCounter: counter, referenceTime: time)
        }
        grid = clock
    }

    private mutating func measure(_ time: Double, consecutive: Bool) {
        defer { lastTime = time }
        guard consecutive, let last = lastTime, time > last else {
            run = nil
            return
        }
        intervals.add(time - last)
        guard intervals.count >= 5, let rough = intervals.median else { return }
        // The median is the rate roughly, whatever refreshes were missed; the whole run's span
        // over the refreshes it counts averages the jitter out, better the longer it runs.
        guard var current = run else {
            run = (start: time, refreshes: 0)
            return
        }
        current.refreshes += max(1, ((time - last) / rough).rounded())
        run = current
        if current.refreshes >= 8 { adopt(period: (time - current.start) / current.refreshes) }
    }

    private mutating func adopt(period measured: Double) {
        // Small corrections are taken too: a step changes by that fraction of a frame (never
        // seen), while a grid left a little off drifts until it has to jump.
        guard measured > 0, abs(measured - period) / period > 0.0001 else { return }
        period = measured
    }
}
