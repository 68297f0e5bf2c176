/// What the text does on its own, as a function of *program time* τ (seconds of running; it
/// stands still while the ticker is paused). The result is the strip position at the window's
/// left edge.
public enum ScrollProgram: Equatable, Sendable {
    /// Standing at a position (speed 0, or text that fits in overflow mode).
    case still(position: Double)
    /// The endless loop: position = origin + velocity·τ.
    case continuous(origin: Double, velocity: Double)
    /// The loop, standing at each of the schedule's stops for its pause (`--mode hold`: each
    /// message's start at the reading edge; `--pause-at-start`: each cycle's start).
    case stopping(StopSchedule)
    /// Back and forth between `low` and `high` (HTML marquee's "alternate"), resting `pause`
    /// seconds at each end; starts at `low` moving up.
    case bounce(low: Double, high: Double, speed: Double, pause: Double)

    public func position(at tau: Double) -> Double {
        switch self {
        case .still(let position):
            return position
        case .continuous(let origin, let velocity):
            return origin + velocity * tau
        case .stopping(let schedule):
            return schedule.position(at: tau)
        case .bounce(let low, let high, let speed, let pause):
            let span = high - low
            guard span > 0, speed > 0 else { return low }
            let travel = span / speed
            let period = 2 * (travel + pause)
            let within = tau - (tau / period).rounded(.down) * period
            if within < pause { return low }
            if within < pause + travel { return low + (within - pause) * speed }
            if within < 2 * pause + travel { return high }
            return high - (within - 2 * pause - travel) * speed
        }
    }

    /// True when the program never moves.
    public var isStill: Bool {
        switch self {
        case .still: return true
        case .continuous(_, let velocity): return velocity == 0
        case .stopping: return false
        case .bounce(let low, let high, let speed, _): return high <= low || speed == 0
        }
    }

    /// The program time of the next moment the program starts moving, when it is resting at
    /// `tau` (a pause at the start or at a bounce's end); nil when it is moving or never moves.
    public func restEnd(after tau: Double) -> Double? {
        switch self {
        case .stopping(let schedule):
            return schedule.restEnd(after: tau)
        case .bounce(let low, let high, let speed, let pause):
            guard high > low, speed > 0, pause > 0 else { return nil }
            let travel = (high - low) / speed
            let period = 2 * (travel + pause)
            let start = (tau / period).rounded(.down) * period
            let within = tau - start
            if within < pause { return start + pause }
            if within >= pause + travel && within < 2 * pause + travel { return start + 2 * pause + travel }
            return nil
        case .still, .continuous:
            return nil
        }
    }
}

extension ScrollProgram {
    /// The loop stopping `pause` seconds each time the start of a cycle (at `origin` + k·cycle)
    /// reaches the left edge (`--pause-at-start`); the plain loop where it cannot stop.
    public static func pausingAtStart(origin: Double, velocity: Double, cycle: Double, pause: Double) -> ScrollProgram {
        StopSchedule.cycleStarts(origin: origin, velocity: velocity, cycle: cycle, pause: pause).map { .stopping($0) }
            ?? .continuous(origin: origin, velocity: velocity)
    }

    /// Whether it is a loop that stops (`.stopping`).
    public var stops: Bool {
        if case .stopping = self { return true }
        return false
    }

    /// The velocity the program moves at from `tau` on and the program time it stops doing so
    /// (nil: never): the line a run of frames can follow. Nil while it stands or eases (a bounce).
    public func steadyMotion(at tau: Double) -> (velocity: Double, until: Double?)? {
        switch self {
        case .continuous(_, let velocity) where velocity != 0: return (velocity, nil)
        case .stopping(let schedule): return schedule.arrival(after: tau).map { (schedule.velocity, $0) }
        default: return nil
        }
    }

    /// For a bounce that replaces `previous` (the text or the window changed size): the program
    /// time at which this one stands where `previous` stood at `tau`, heading the same way, with
    /// what was left of a rest at an end. The text carries on instead of starting again from its
    /// beginning; a position beyond the new range is taken to its nearer end. Nil when either
    /// program is not a bounce.
    public func bounceTime(continuing previous: ScrollProgram, at tau: Double) -> Double? {
        guard case .bounce(let low, let high, let speed, let pause) = self,
              case .bounce(let oldLow, let oldHigh, let oldSpeed, let oldPause) = previous else { return nil }
        guard high > low, speed > 0 else { return 0 }
        let travel = (high - low) / speed
        let position = min(max(previous.position(at: tau), low), high)
        guard oldHigh > oldLow, oldSpeed > 0 else { return pause + (position - low) / speed }
        let oldTravel = (oldHigh - oldLow) / oldSpeed
        let oldPeriod = 2 * (oldTravel + oldPause)
        let within = tau - (tau / oldPeriod).rounded(.down) * oldPeriod
        if within < oldPause { return min(within, pause) }
        if within < oldPause + oldTravel { return pause + (position - low) / speed }
        if within < 2 * oldPause + oldTravel { return pause + travel + min(within - oldPause - oldTravel, pause) }
        return 2 * pause + travel + (high - position) / speed
    }
}
