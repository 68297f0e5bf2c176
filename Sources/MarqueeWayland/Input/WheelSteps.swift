/// Wheel steps from wl_pointer's vertical axis, one pointer frame at a time: what X11 gets as
/// buttons 4 and 5. A mouse wheel sends a discrete count with each click (wl_pointer v5
/// `axis_discrete`): that many steps. A touchpad sends small continuous amounts and no count:
/// they add up, and every `unitsPerStep` of them is a step, so a swipe scrubs by its length and
/// not by how many events it took. Pure arithmetic; `SeatInput` feeds it.
struct WheelSteps {
    /// Continuous units to one step: GTK and Qt count 10, the amount weston and mutter send for a
    /// wheel click (wlroots sends libinput's 15 degrees, with its discrete count).
    static let unitsPerStep = 10.0
    private var discrete = 0
    private var distance = 0.0
    /// What the last frames added up to short of a step, carried into the next.
    private var carried = 0.0

    /// A vertical `axis` amount of this frame (positive: down).
    mutating func axis(_ value: Double) { distance += value }

    /// A vertical `axis_discrete` count of this frame (clicks, positive: down).
    mutating func discrete(_ steps: Int) { discrete += steps }

    /// The scroll ended (fingers lifted): a remainder short of a step is dropped, not kept for
    /// the next swipe.
    mutating func stop() { carried = 0 }

    /// The frame is complete: the steps it makes, positive down.
    mutating func endFrame() -> Int {
        defer {
            discrete = 0
            distance = 0
        }
        if discrete != 0 {
            carried = 0
            return discrete
        }
        // Turning the other way starts afresh: what was carried belonged to the other direction.
        if (carried > 0 && distance < 0) || (carried < 0 && distance > 0) { carried = 0 }
        carried += distance
        let steps = Int(carried / Self.unitsPerStep)
        carried -= Double(steps) * Self.unitsPerStep
        return steps
    }
}
