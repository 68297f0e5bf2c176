import CWaylandClient
import FontMatching
import MarqueeCore
import TileRaster

/// The bar's own surface when its crawls lie on subsurfaces (several lanes, or one beside a
/// label): one buffer with each lane's label at the start of its row, transparent elsewhere,
/// where the crawls lie over it. Drawn once per text (and per size or scale), never per frame.
/// Owns the buffers.
final class LaneStand {
    /// The bar surface's scale, which alone hears the compositor's preference (the crawls' follow).
    let barScale: SurfaceScale
    /// Each lane's label as drawn last (nil: none), and its width in logical and device pixels.
    private(set) var pictures: [LabelPicture?] = []
    private(set) var logicalWidths: [Int] = []
    private(set) var deviceWidths: [Int] = []
    /// The buffer shown now, and the one before (drawn into again once released).
    private var buffers: [ShmBuffer] = []

    init(barScale: SurfaceScale) { self.barScale = barScale }

    /// Draws `labels` (one per lane, in its `font`) at the start of each lane's `rows` (logical)
    /// of the bar, `barWidth` × `barHeight` logical pixels; `place(lane, x, y)` puts each lane's
    /// crawl at its label's edge before the bar's surface is committed (which applies the crawls'
    /// places, and a configure acknowledged before). A label wider than the bar takes all of it.
    func draw(labels: [LaneLabel?], fonts: [FontSet], rows: [(y: Int, height: Int)], on bar: OpaquePointer, barWidth: Int,
              barHeight: Int, display: WaylandDisplay, shm: OpaquePointer, place: (_ lane: Int, _ x: Int, _ y: Int) -> Void) {
        let columns = barScale.device(barWidth), totalRows = barScale.device(barHeight)
        pictures = zip(labels, zip(fonts, rows)).map { label, lane in
            label.map { LabelPicture(label: $0, font: lane.0, height: barScale.device(lane.1.height), format: .argb) }
        }
        logicalWidths = pictures.map { picture in
            picture.map { min(barWidth, Int((Double($0.width) / barScale.scale).rounded(.up))) } ?? 0
        }
        deviceWidths = logicalWidths.map(barScale.device)
        // A clock's label is drawn again each second or minute: into a buffer the compositor let go.
        let free = buffers.first { !$0.isBusy && $0.canvas.width == columns && $0.canvas.height == totalRows }
        guard totalRows > 0, columns > 0,
              let buffer = free ?? (try? ShmBuffer(display: display, shm: shm, width: columns, height: totalRows, format: .argb)) else { return }
        buffer.canvas.fill(RGBAColor(red: 0, green: 0, blue: 0, alpha: 0))
        for (index, picture) in pictures.enumerated() {
            let top = barScale.device(rows[index].y)
            guard let picture, let band = buffer.canvas.rows(from: top, count: min(picture.height, totalRows - top)),
                  let stand = band.columns(from: 0, count: deviceWidths[index]) else { continue }
            withExtendedLifetime(band) { picture.paint(into: stand) }
        }
        // The whole buffer: frames shown on the bar's surface before the stand came (a rectangle
        // of an atlas, where fifo queues them) left a source rectangle on its viewport, which
        // would show the labels shifted by the atlas's margin.
        barScale.showWholeBuffer()
        barScale.show(logicalWidth: barWidth, height: barHeight)
        buffer.attach(to: bar)
        wl_surface_damage_buffer(bar, 0, 0, Int32(columns), Int32(totalRows))
        for (index, row) in rows.enumerated() { place(index, logicalWidths[index], row.y) }
        wl_surface_commit(bar)
        // The one shown, those the compositor still holds, and one free to draw the next text into.
        let others = buffers.filter { $0 !== buffer }
        buffers = [buffer] + others.filter(\.isBusy) + others.filter { !$0.isBusy }.prefix(1)
    }
}
