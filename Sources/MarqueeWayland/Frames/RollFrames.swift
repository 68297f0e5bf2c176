import CWaylandClient
import MarqueeCore
import TileRaster

/// The frames of a roll between pages (`RollFrame`): each vertical phase's stack of the two pages
/// (`RollStack`) painted once a roll into memory shared with the compositor, and each frame a
/// `wl_buffer` cut from the stack of its phase at its row (a pool offset of row × stride): the
/// ribbon's way of showing a frame with no pixel copied, down instead of across. Owns the stacks.
final class RollFrames {
    private let display: WaylandDisplay
    private let shm: OpaquePointer
    /// One stack per vertical phase, each a `RibbonBuffer` two bars tall.
    private var stacks = [RibbonBuffer?](repeating: nil, count: SubpixelGrid.steps)

    init(display: WaylandDisplay, shm: OpaquePointer) {
        self.display = display
        self.shm = shm
    }

    /// The stack showing `plan`'s roll frame, painted by `painter` first where it holds another
    /// picture; nil while the compositor still reads the one of its phase (a roll's stacks are
    /// painted seconds apart, so only a roll begun again at once meets it) or memory ran out.
    func stack(for plan: FramePlan, painter: TilePainter) -> RibbonBuffer? {
        guard let roll = plan.roll, let picture = plan.rollPicture else { return nil }
        let phase = roll.verticalPhase
        let (width, height) = RollStack.size(of: plan, barHeight: painter.height)
        var stack = stacks[phase]
        if let current = stack, current.width != width || current.height != height || current.canvas.format != painter.format {
            stack = nil
        }
        if let stack, stack.picture == picture { return stack }
        if stack == nil {
            stack = try? RibbonBuffer(display: display, shm: shm, width: width, height: height, format: painter.format, phase: phase)
            stacks[phase] = stack
        }
        guard let stack, !stack.isHeld else { return nil }
        RollStack.paint(plan, with: painter, into: stack.canvas)
        stack.painted(picture)
        return stack
    }

    /// Painted stale (new colours, height, font): painted anew at the next roll.
    func forget() { for stack in stacks { stack?.forget() } }

    /// Frames go to another surface, or in another format: stacks made anew.
    func reset() { stacks = [RibbonBuffer?](repeating: nil, count: SubpixelGrid.steps) }
}
