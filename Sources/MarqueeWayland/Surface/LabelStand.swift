import CWaylandClient
import FontMatching
import MarqueeCore
import TileRaster

/// A lane's label on Wayland: drawn into a buffer of the bar's own surface, once per text (and
/// per size or scale), with the crawl on a subsurface of it placed at the label's edge. The
/// bar's buffer is transparent right of the label, where the crawl lies over it. Owns the
/// crawl's subsurface and the label's buffers.
final class LabelStand {
    var label: LaneLabel
    let crawl: CrawlSubsurface
    /// The bar surface's scale, which alone hears the compositor's preference (the crawl's follows).
    let barScale: SurfaceScale
    private(set) var picture: LabelPicture?
    /// The label's width in logical pixels (where the crawl starts) and in device pixels.
    private(set) var logicalWidth = 0
    private(set) var deviceWidth = 0
    /// The label's buffer shown now, and the one before (drawn into again once released).
    private var buffers: [ShmBuffer] = []

    init(label: LaneLabel, crawl: CrawlSubsurface, barScale: SurfaceScale) {
        self.label = label
        self.crawl = crawl
        self.barScale = barScale
    }

    /// Draws the label at the start of `bar`, `barWidth` × `height` logical pixels, in `font`,
    /// places the crawl at its edge and commits the bar's surface (which also applies a configure
    /// acknowledged before). A label wider than the bar takes all of it.
    func draw(on bar: OpaquePointer, barWidth: Int, height: Int, font: FontSet, display: WaylandDisplay, shm: OpaquePointer) {
        let rows = barScale.device(height), columns = barScale.device(barWidth)
        let picture = LabelPicture(label: label, font: font, height: rows, format: .argb)
        logicalWidth = min(barWidth, Int((Double(picture.width) / barScale.scale).rounded(.up)))
        deviceWidth = barScale.device(logicalWidth)
        self.picture = picture
        // A clock's label is drawn again each second or minute: into a buffer the compositor let go.
        let free = buffers.first { !$0.isBusy && $0.canvas.width == columns && $0.canvas.height == rows }
        guard rows > 0, columns > 0,
              let buffer = free ?? (try? ShmBuffer(display: display, shm: shm, width: columns, height: rows, format: .argb)) else { return }
        buffer.canvas.fill(RGBAColor(red: 0, green: 0, blue: 0, alpha: 0))
        if let stand = buffer.canvas.columns(from: 0, count: deviceWidth) { picture.paint(into: stand) }
        // The whole buffer: frames shown on the bar's surface before the label came (a rectangle
        // of an atlas, where fifo queues them) left a source rectangle on its viewport, which
        // would show the label shifted by the atlas's margin.
        barScale.showWholeBuffer()
        barScale.show(logicalWidth: barWidth, height: height)
        buffer.attach(to: bar)
        wl_surface_damage_buffer(bar, 0, 0, Int32(columns), Int32(rows))
        crawl.place(x: logicalWidth)
        wl_surface_commit(bar)
        // The one shown, those the compositor still holds, and one free to draw the next text into.
        let others = buffers.filter { $0 !== buffer }
        buffers = [buffer] + others.filter(\.isBusy) + others.filter { !$0.isBusy }.prefix(1)
    }
}
