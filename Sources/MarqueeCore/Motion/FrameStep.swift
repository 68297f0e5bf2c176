/// Turns a requested speed into the speed actually scrolled on a display with a given refresh
/// period, so that every frame moves by the same step where that is possible.
///
/// A step within 1 % of a point of the grid positions are shown on (whole pixels, or with
/// sub-pixel motion 1/`SubpixelGrid.steps` px) is snapped to it: 120 px/s at 59.94 Hz scrolls at
/// 119.88 px/s, 2 px every frame; 200 px/s at 146.6 Hz at 201.6 px/s, 1 3/8 px every frame.
/// Any other speed is kept exactly; its position is rounded to the grid at each frame time, which
/// spreads the remainder evenly (Bresenham): in whole pixels at 1.5 px/frame the steps go
/// 1, 2, 1, 2, …; in eighths every step is within 1/8 px of the true motion.
public enum FrameStep {
    public static let snapTolerance = 0.01

    public static func pixelsPerFrame(speed: Double, period: Double) -> Double { speed * period }

    /// `grid`: positions per pixel (1: whole pixels).
    public static func effectiveSpeed(_ speed: Double, period: Double, grid: Int = 1) -> Double {
        guard period > 0, speed != 0 else { return speed }
        let step = abs(speed) * period * Double(grid)
        let whole = step.rounded()
        guard whole >= 1, abs(step - whole) <= snapTolerance * whole else { return speed }
        return (speed < 0 ? -whole : whole) / Double(grid) / period
    }
}
