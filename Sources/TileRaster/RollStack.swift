import MarqueeCore

/// The picture a roll between pages is shown from (`RollFrame`): the outgoing page stacked over
/// the incoming one, each as tall as the bar, every glyph drawn at the frame's vertical phase.
/// Painted once per vertical phase for a roll; each frame is the bar's height of it from the
/// frame's row down (X11: a pixmap presented at a y offset; Wayland: a buffer cut at a row).
public enum RollStack {
    /// The stack's size for `plan`: the frame's width, two bars tall.
    public static func size(of plan: FramePlan, barHeight: Int) -> (width: Int, height: Int) { (plan.width, 2 * barHeight) }

    /// Paints `plan`'s stack (a roll frame) into `canvas`, `size(of:)` large, with `painter`.
    public static func paint(_ plan: FramePlan, with painter: TilePainter, into canvas: TileCanvas) {
        guard let roll = plan.roll, let outgoing = plan.outgoingPage else { return }
        let bar = painter.height
        for (page, top) in [(outgoing, 0), (plan, bar)] {
            guard let half = canvas.rows(from: top, count: bar) else { continue }
            for copy in page.copies {
                if let content = copy.content, let part = half.columns(from: copy.destinationX, count: copy.width) {
                    painter.paint(from: copy.tile * StripGeometry.tileWidth + copy.sourceX, of: content, phase: page.phase,
                                  rise: roll.verticalPhase, into: part)
                } else {
                    half.fill(painter.background, x: copy.destinationX, columns: copy.width)
                }
            }
        }
    }
}
