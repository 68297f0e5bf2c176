/// The rolls between pages (`--mode roll`): the bar's height they move by, whether the next
/// page adopted is to roll in (a page's time was up, or `ctl next`) rather than replace the
/// page in place (new text for the same page, a new font), and the roll under way with the page
/// it rolls out. Owns that state; the player asks it what a frame shows.
public struct PageRolls {
    /// The bar's height in device pixels (0 until the display says: pages then change in place).
    public private(set) var height = 0
    /// The roll under way, if any.
    public private(set) var current: PageRoll?
    /// The page rolling out, as the last frame before the roll showed it.
    private var outgoing: FramePlan?
    /// The next page adopted rolls in.
    private var due = false

    public init() {}

    mutating func setHeight(_ newHeight: Int) { height = max(0, newHeight) }

    /// The next page adopted is to roll in (or not: a switch with rolls off).
    mutating func expectNextPage(_ rolls: Bool) { due = rolls }

    /// A page was adopted: when one is due and a page stood before (`standing`, as last shown),
    /// the roll from it begins at `time`.
    mutating func adopted(replacing standing: FramePlan?, at time: Double) {
        defer { due = false }
        guard due, height > 0, let standing, standing.strip != nil else { return }
        current = PageRoll(start: time, height: height)
        outgoing = standing
    }

    /// Whether the pages move at `time` or later.
    func moves(at time: Double) -> Bool { current.map { !$0.isOver(at: time) } ?? false }

    /// Adds to `plan` (the incoming page in place) the roll's frame at vblank `time` (on whole
    /// pixels without `subpixel`); a roll over by then ends, and the plan shows the page standing.
    mutating func frame(_ plan: inout FramePlan, at time: Double, subpixel: Bool) {
        guard let current, let outgoing else { return }
        guard !current.isOver(at: time) else {
            self.current = nil
            self.outgoing = nil
            return
        }
        plan.roll = RollFrame(outgoing: outgoing.strip, outgoingPoint: FramePoint(position: outgoing.position, phase: outgoing.phase),
                              offset: current.offset(at: time, subpixel: subpixel))
    }

    /// No roll: pages no longer roll, or were switched off.
    mutating func stop() {
        current = nil
        outgoing = nil
        due = false
    }
}
