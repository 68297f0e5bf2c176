/// Turns a requested speed into the speed actually scrolled on a display with a given refresh
/// period, so that every frame moves the same whole number of pixels where that is possible.
///
/// A step within 1 % of a whole number of pixels per frame is snapped to it (120 px/s at
/// 59.94 Hz scrolls at 119.88 px/s): every frame then moves by exactly that step, no judder.
/// Any other speed is kept exactly; its position is floored to whole pixels at each frame time,
/// which spreads the fraction evenly (Bresenham): at 1.5 px/frame the steps go 1, 2, 1, 2, ….
public enum FrameStep {
    public static let snapTolerance = 0.01

    public static func pixelsPerFrame(speed: Double, period: Double) -> Double { speed * period }

    public static func effectiveSpeed(_ speed: Double, period: Double) -> Double {
        guard period > 0, speed != 0 else { return speed }
        let step = abs(speed) * period
        let whole = step.rounded()
        guard whole >= 1, abs(step - whole) <= snapTolerance * whole else { return speed }
        return (speed < 0 ? -whole : whole) / period
    }
}

/// Frame times on the display's refresh grid.
///
/// Present reports each vblank as a counter (msc) and a timestamp (ust). Times derived from the
/// counter are exact multiples of the period, so an integral step gives identical steps even
/// when the server's timestamps jitter (Xvfb's alternate 16.2/17.2 ms).
public struct FrameClock: Equatable, Sendable {
    public private(set) var period: Double
    public private(set) var referenceCounter: UInt64
    public private(set) var referenceTime: Double

    public init(period: Double, referenceCounter: UInt64, referenceTime: Double) {
        self.period = period
        self.referenceCounter = referenceCounter
        self.referenceTime = referenceTime
    }

    /// Time of vblank number `counter`.
    public func time(ofCounter counter: UInt64) -> Double {
        if counter >= referenceCounter {
            return referenceTime + Double(counter - referenceCounter) * period
        }
        return referenceTime - Double(referenceCounter - counter) * period
    }

    /// The vblank counter nearest to `time`.
    public func counter(near time: Double) -> UInt64 {
        let frames = ((time - referenceTime) / period).rounded()
        if frames >= 0 { return referenceCounter &+ UInt64(frames) }
        return referenceCounter &- UInt64(min(-frames, Double(referenceCounter)))
    }

    /// Adopts a better period estimate without moving the time of `counter`, so positions stay
    /// continuous.
    public mutating func adopt(period newPeriod: Double, keeping counter: UInt64) {
        referenceTime = time(ofCounter: counter)
        referenceCounter = counter
        period = newPeriod
    }
}
