/// A value that changes at a rate easing from one rate to another over a duration:
/// value(t) = start + ∫ rate. The rate follows smoothstep (3x² − 2x³), so it starts and ends
/// with zero acceleration; the value is continuous and smooth at both ends.
///
/// Used for the program clock (rate 1 = running, 0 = paused) and for the user's offset
/// (a drag's release velocity easing back to zero).
public struct EasedRamp: Equatable, Sendable {
    public let startTime: Double
    public let startValue: Double
    public let fromRate: Double
    public let toRate: Double
    public let duration: Double

    public init(startTime: Double, startValue: Double, fromRate: Double, toRate: Double, duration: Double) {
        self.startTime = startTime
        self.startValue = startValue
        self.fromRate = fromRate
        self.toRate = toRate
        self.duration = max(0, duration)
    }

    /// A constant rate from `time` on.
    public static func steady(_ rate: Double, from time: Double, value: Double) -> EasedRamp {
        EasedRamp(startTime: time, startValue: value, fromRate: rate, toRate: rate, duration: 0)
    }

    public func value(at time: Double) -> Double {
        let elapsed = time - startTime
        // Before the start, continue the line backwards at the starting rate: a frame whose
        // vblank time lies just before a change was applied must still land on the same line.
        if elapsed <= 0 { return startValue + fromRate * elapsed }
        guard duration > 0 else { return startValue + toRate * elapsed }
        if elapsed >= duration {
            // ∫₀¹ smoothstep = 1/2: the ramp covers the mean of both rates.
            return startValue + (fromRate + toRate) / 2 * duration + toRate * (elapsed - duration)
        }
        let x = elapsed / duration
        // ∫₀ˣ (3u² − 2u³) du = x³ − x⁴/2, scaled by the duration.
        return startValue + fromRate * elapsed + (toRate - fromRate) * duration * (x * x * x - x * x * x * x / 2)
    }

    public func rate(at time: Double) -> Double {
        let elapsed = time - startTime
        guard duration > 0, elapsed < duration else { return toRate }
        guard elapsed > 0 else { return fromRate }
        let x = elapsed / duration
        return fromRate + (toRate - fromRate) * x * x * (3 - 2 * x)
    }

    /// True once the rate has reached its final value.
    public func isSettled(at time: Double) -> Bool { time >= startTime + duration }

    /// The same ramp with every value moved by `delta`.
    public func adding(_ delta: Double) -> EasedRamp {
        EasedRamp(startTime: startTime, startValue: startValue + delta, fromRate: fromRate, toRate: toRate, duration: duration)
    }

    /// The same ramp, `seconds` later.
    public func delayed(by seconds: Double) -> EasedRamp {
        EasedRamp(startTime: startTime + seconds, startValue: startValue, fromRate: fromRate, toRate: toRate, duration: duration)
    }

    /// What is left of the ramp from `time` on, restarted at `value`: the same rate now, the same
    /// final rate when the original would have reached it.
    public func remainder(from time: Double, value: Double) -> EasedRamp {
        EasedRamp(startTime: time, startValue: value, fromRate: rate(at: time), toRate: toRate,
                  duration: max(0, startTime + duration - time))
    }

    /// A new ramp from `time`, starting at the current value and rate: continuous in both.
    public func easing(to rate: Double, at time: Double, over duration: Double) -> EasedRamp {
        EasedRamp(startTime: time, startValue: value(at: time), fromRate: self.rate(at: time), toRate: rate, duration: duration)
    }
}
