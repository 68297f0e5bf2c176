/// What the text should do for a content in a window: the program, and whether the text is
/// shown once (bounce, or fitting text in overflow mode) instead of as an endless loop.
public struct MotionPlan: Equatable, Sendable {
    public var program: ScrollProgram
    public var showsOnce: Bool
    /// Program time at which `program` passes the position the plan was made through.
    public var programTime: Double

    /// - Parameters:
    ///   - velocity: pixels per second, signed (positive moves the text left), already snapped.
    ///   - cycle: the content's cycle width; `textWidth` the same without its trailing separator.
    ///   - anchor: a strip position where a cycle of the content begins.
    ///   - position: the strip position shown now at the left edge (continuity for the loop).
    public static func make(_ settings: MotionSettings, velocity: Double, cycle: Int, textWidth: Int,
                            windowWidth: Int, anchor: Int, position: Double) -> MotionPlan {
        let fits = textWidth <= windowWidth
        switch settings.mode {
        case .overflow where fits:
            let slack = Double(windowWidth - textWidth)
            let inset = settings.alignment == .left ? 0 : settings.alignment == .center ? (slack / 2).rounded(.down) : slack
            return MotionPlan(program: .still(position: Double(anchor) - inset), showsOnce: true, programTime: 0)
        case .bounce:
            let span = Double(abs(textWidth - windowWidth))
            let low = fits ? Double(anchor) - span : Double(anchor)
            let speed = settings.duration.map { span / max($0, 0.001) } ?? abs(velocity)
            return MotionPlan(program: .bounce(low: low, high: low + span, speed: speed, pause: settings.bounceRest),
                              showsOnce: true, programTime: 0)
        // A roll's pages are planned as fitting text (`MotionControl.plan`); its crawl as a loop.
        // A loop that stops (hold, --pause-at-start) stands where the strip's stops are: the
        // strip makes it from this plan (`StripView.stopping`).
        case .continuous, .overflow, .roll, .hold:
            guard velocity != 0, cycle > 0 else {
                return MotionPlan(program: .still(position: position), showsOnce: false, programTime: 0)
            }
            return MotionPlan(program: .continuous(origin: position, velocity: velocity), showsOnce: false, programTime: 0)
        }
    }

    /// The speed for `--duration`: one cycle per `duration` seconds, signed by direction.
    public static func velocity(forDuration duration: Double, cycle: Int, direction: ScrollDirection) -> Double {
        let speed = Double(cycle) / max(duration, 0.001)
        return direction == .left ? speed : -speed
    }
}
