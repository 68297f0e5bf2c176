/// The motion while nothing changes it: the text moving at one velocity from a known point, so a
/// frame's position is one multiply-add instead of the director's ramps, scrubs and program.
///
/// Holds from `startTime` on for as long as the director is not changed (a pause, a drag, a new
/// speed or program each make a new director state, and the player drops the line with it).
public struct SteadyLine: Equatable, Sendable {
    public let startTime: Double
    public let startPosition: Double
    /// Strip pixels per second (never 0: a standing text has no line).
    public let velocity: Double

    public init(startTime: Double, startPosition: Double, velocity: Double) {
        self.startTime = startTime
        self.startPosition = startPosition
        self.velocity = velocity
    }

    /// Whether `time` lies on the line (times before its start may still be inside a ramp).
    @inline(__always)
    public func covers(_ time: Double) -> Bool { time >= startTime }

    @inline(__always)
    public func position(at time: Double) -> Double { startPosition + velocity * (time - startTime) }
}
