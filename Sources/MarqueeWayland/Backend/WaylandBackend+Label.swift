import MarqueeCore
import MarqueeIO
import TickerDriver

extension WaylandBackend: LabelHost {
    /// Lane `lane`'s label on the bar's surface, at the start of the lane's row; the first label
    /// of a lone lane moves its crawl to a subsurface beside it (the stand), the last one gone
    /// moves it back.
    public func showLabel(_ newLabel: LaneLabel?, lane: Int) {
        crawls[lane].label = newLabel
        if stand == nil {
            guard newLabel != nil else { return }
            stack()
        } else if crawls.count == 1 && newLabel == nil {
            return unstack()
        }
        if bar.isConfigured { resizeBuffers() }
    }

    /// Every crawl on a subsurface of its own over the bar's surface, which shows the labels:
    /// frames, callbacks, scale, fifo and pointer go there. Where the compositor offers no
    /// subsurfaces, the first lane alone stays on the bar's surface, without labels.
    func stack() {
        let stand = LaneStand(barScale: barScale)
        for crawl in crawls where !crawl.moveToSubsurface(of: bar.surface, barScale: barScale, outputScale: outputScale) {
            return Diagnostics.warn("the compositor offers no subsurfaces: lanes and labels are not shown")
        }
        self.stand = stand
        pacer.move(to: crawls[0].surface)
        input?.origin = { [unowned self] surface in self.origin(of: surface) }
        if bar.isConfigured { resizeBuffers() }
    }

    /// The lone crawl back on the bar's surface.
    private func unstack() {
        stand = nil
        crawls[0].moveToBar(bar.surface, barScale: barScale)
        pacer.move(to: bar.surface)
        input?.origin = { _ in (0, 0) }
        if bar.isConfigured { resizeBuffers() }
    }

    /// Where `surface` (a crawl's subsurface) lies in the bar's surface, in device pixels.
    private func origin(of surface: OpaquePointer?) -> (x: Int, y: Int) {
        guard let stand, let index = crawls.firstIndex(where: { $0.surface == surface }) else { return (0, 0) }
        return (stand.deviceWidths.indices.contains(index) ? stand.deviceWidths[index] : 0, barScale.device(laneRows[index].y))
    }

    /// The labels drawn on the bar's surface at its size, each crawl placed beside its own
    /// (nothing before the bar is configured).
    func standLabels() {
        guard let stand, bar.isConfigured, logicalWidth > 0, let shm = display.shm else { return }
        stand.draw(labels: crawls.map(\.label), fonts: crawls.map(\.compositor.font), rows: laneRows, on: bar.surface,
                   barWidth: logicalWidth, barHeight: logicalHeight, display: display, shm: shm) { [crawls] lane, x, y in
            crawls[lane].subsurface?.place(x: x, y: y)
        }
    }

    /// The labels drawn again with the fonts the strips have just taken (a reload's, a new scale's).
    func followFont() {
        guard let stand else { return }
        let stale = zip(stand.pictures, crawls).contains { picture, crawl in picture.map { $0.font !== crawl.compositor.font } ?? false }
        if stale { resizeBuffers() }
    }
}
