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
