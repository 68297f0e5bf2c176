/// The motion while nothing changes it: the text moving at one velocity from a known point, so a
/// frame's position is one multiply-add instead of the director's ramps, scrubs and program.
///
/// Holds from `startTime` until `endTime` (where a crawl that stops reaches its next stop; never
/// for the plain loop) for as long as the director is not changed (a pause, a drag, a new speed or
/// program each make a new director state, and the player drops the line with it).
public struct SteadyLine: Equatable, Sendable {
    public let startTime: Double
    public let startPosition: Double
    /// Strip pixels per second (never 0: a standing text has no line).
    public let velocity: Double
    /// Where the line ends: the text stands at a stop from then on (infinity: it never ends).
    public let endTime: Double

    public init(startTime: Double, startPosition: Double, velocity: Double, endTime: Double = .infinity) {
        self.startTime = startTime
        self.startPosition = startPosition
        self.velocity = velocity
        self.endTime = endTime
    }

    /// Whether `time` lies on the line (times before its start may still be inside a ramp, times
    /// from its end on at a stop).
    @inline(__always)
    public func covers(_ time: Double) -> Bool { time >= startTime && time < endTime }

    @inline(__always)
    public func position(at time: Double) -> Double { startPosition + velocity * (time - startTime) }
}
