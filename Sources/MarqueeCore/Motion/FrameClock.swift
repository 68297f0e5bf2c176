/// Frame times on the display's refresh grid.
///
/// A display that counts its vblanks reports each as a counter (msc) and a timestamp (ust).
/// Times derived from the counter are exact multiples of the period, so an integral step gives
/// identical steps even when the display's timestamps jitter (a virtual screen's alternate
/// 16.2/17.2 ms).
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
