/// A crawl that stops: the text moves at one velocity and stands `pause` seconds at each stop,
/// as a function of program time τ. The stops are strip positions of the window's left edge where
/// a message's start (`--mode hold`) or a cycle's start (`--pause-at-start`) stands at the edge
/// it is read from.
///
/// The stops ahead are known from the strip (`StripView.stopSchedule`): a few `lead` stops in the
/// contents still to pass (text swapped in at a seam has stops of its own), then the newest
/// content's stops, repeating with its cycle forever. The program starts at the first lead stop,
/// or at the first repeating one when there is no lead. Positions at a stop are the stop exactly
/// (whole pixels), so a standing frame shows phase 0.
public struct StopSchedule: Equatable, Sendable {
    /// Strip pixels per second, signed as the program's velocity (positive moves the text left).
    public let velocity: Double
    /// Seconds of program time the text stands at each stop.
    public let pause: Double
    /// Stops before the repeating ones, in the order the text reaches them.
    public let lead: [Double]
    /// The first repeating stop.
    public let tailStart: Double
    /// The repeating content's cycle width.
    public let cycle: Double
    /// The repeating stops' distances from `tailStart` within one cycle, ascending, the first 0.
    public let offsets: [Double]

    /// Program times the text reaches each lead stop, and the first repeating one.
    private let leadArrivals: [Double]
    private let tailTime: Double
    /// Program times, from a repeating cycle's start, the text reaches each of its stops.
    private let tailArrivals: [Double]
    /// Program time of one repeating cycle: its travel and its rests.
    private let period: Double

    /// Nil when the text cannot stop anywhere (standing text, an empty cycle, no stop).
    public init?(velocity: Double, pause: Double, lead: [Double], tailStart: Double, cycle: Double, offsets: [Double]) {
        guard velocity != 0, velocity.isFinite, cycle > 0, offsets.first == 0 else { return nil }
        self.velocity = velocity
        self.pause = max(0, pause)
        self.lead = lead
        self.tailStart = tailStart
        self.cycle = cycle
        self.offsets = offsets
        let speed = abs(velocity), rest = self.pause
        var arrivals: [Double] = [], time = 0.0
        for (index, stop) in lead.enumerated() {
            if index > 0 { time += rest + abs(stop - lead[index - 1]) / speed }
            arrivals.append(time)
        }
        leadArrivals = arrivals
        tailTime = lead.last.map { time + rest + abs(tailStart - $0) / speed } ?? 0
        tailArrivals = offsets.enumerated().map { $0.element / speed + Double($0.offset) * rest }
        period = cycle / speed + Double(offsets.count) * rest
    }

    /// The stops of `--pause-at-start`: one per cycle, where a cycle starts at `origin`.
    public static func cycleStarts(origin: Double, velocity: Double, cycle: Double, pause: Double) -> StopSchedule? {
        StopSchedule(velocity: velocity, pause: pause, lead: [], tailStart: origin, cycle: cycle, offsets: [0])
    }

    private var sign: Double { velocity < 0 ? -1 : 1 }

    /// The stop the text reached last by `tau`, and the program time it arrived there.
    private func lastStop(at tau: Double) -> (position: Double, arrival: Double, next: Double) {
        if !lead.isEmpty && tau < tailTime {
            let index = Self.lastIndex(in: leadArrivals, atOrBefore: tau)
            let next = index + 1 < leadArrivals.count ? leadArrivals[index + 1] : tailTime
            return (lead[index], leadArrivals[index], next)
        }
        let within = tau - tailTime
        let cycles = max(0, (within / period).rounded(.down))
        let start = tailTime + cycles * period
        let index = Self.lastIndex(in: tailArrivals, atOrBefore: within - cycles * period)
        let next = index + 1 < tailArrivals.count ? tailArrivals[index + 1] : period
        return (tailStart + sign * (cycles * cycle + offsets[index]), start + tailArrivals[index], start + next)
    }

    /// The index of the last of `times` (ascending, the first 0) at or before `time`.
    private static func lastIndex(in times: [Double], atOrBefore time: Double) -> Int { max(0, times.countAtOrBelow(time) - 1) }

    public func position(at tau: Double) -> Double {
        let stop = lastStop(at: tau)
        let moved = max(0, tau - stop.arrival - pause)
        return moved == 0 ? stop.position : stop.position + sign * moved * abs(velocity)
    }

    /// When the text stands at `tau`: the program time it moves on (nil while it moves).
    public func restEnd(after tau: Double) -> Double? {
        guard pause > 0 else { return nil }
        let stop = lastStop(at: tau)
        return tau < stop.arrival + pause ? stop.arrival + pause : nil
    }

    /// When the text moves at `tau`: the program time it reaches the next stop (nil while it stands).
    public func arrival(after tau: Double) -> Double? {
        let stop = lastStop(at: tau)
        return tau >= stop.arrival + pause ? stop.next : nil
    }
}
