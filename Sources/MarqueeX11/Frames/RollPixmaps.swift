import CX11
import MarqueeCore
import TileRaster

/// The pixmaps a roll between pages is shown from (`RollFrame`): each vertical phase's stack of
/// the two pages (`RollStack`), painted once a roll and uploaded, and each frame the bar's height
/// of it from the frame's row, presented at a y offset (or copied from there under a compositing
/// manager): the ribbon's way, down instead of across. Owns the stacks.
final class RollPixmaps {
    private let connection: XConnection
    private let gc: GC
    private var stacks = [Ribbon?](repeating: nil, count: SubpixelGrid.steps)
    /// The pixels a stack is painted in before its upload, kept for the next phase.
    private var canvas: TileCanvas?

    /// `gc` is the compositor's, of the window's depth.
    init(connection: XConnection, gc: GC) {
        self.connection = connection
        self.gc = gc
    }

    /// The pixmap of `plan`'s roll frame, painted by `painter` first where its phase's stack holds
    /// another picture. A roll's frames are handed one a vblank (never queued ahead), so a stack
    /// is painted over only for the next roll, seconds after the server copied its last frame.
    func pixmap(for plan: FramePlan, painter: TilePainter) -> Pixmap? {
        guard let roll = plan.roll, let picture = plan.rollPicture else { return nil }
        let (width, height) = RollStack.size(of: plan, barHeight: painter.height)
        guard width > 0, height > 0 else { return nil }
        let phase = roll.verticalPhase
        if let stack = stacks[phase], stack.width == width, stack.height == height {
            if stack.picture == picture { return stack.pixmap }
        } else {
            stacks[phase] = nil
        }
        let stack = stacks[phase] ?? Ribbon(connection: connection, width: width, height: height)
        stacks[phase] = stack
        if canvas?.width != width || canvas?.height != height || canvas?.format != painter.format {
            canvas = TileCanvas(width: width, height: height, format: painter.format)
        }
        guard let canvas else { return nil }
        RollStack.paint(plan, with: painter, into: canvas)
        connection.put(canvas, into: stack.pixmap, gc: gc)
        stack.picture = picture
        return stack.pixmap
    }

    /// No roll under way: the pixels painted in go (the stacks stay the server's, for the next).
    func finished() { canvas = nil }

    /// Painted stale (new colours, height, font): painted anew at the next roll.
    func forget() {
        for index in stacks.indices { stacks[index] = nil }
        canvas = nil
    }
}
