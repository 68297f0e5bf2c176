import MarqueeCore
import MarqueeIO
import TickerDriver

extension WaylandBackend: LabelHost {
    /// The label on the bar's surface, the crawl moved to a subsurface beside it (the first
    /// time): its frames, callbacks, scale, fifo and pointer go there. Desynchronized, its
    /// commits are its own content updates, queued through its own fifo as the bar's are.
    public func showLabel(_ newLabel: LaneLabel?) {
        guard let newLabel else { return dropLabel() }
        guard let stand else {
            guard let crawl = CrawlSubsurface(display: display, parent: bar.surface) else {
                return Diagnostics.warn("--label: the compositor offers no subsurfaces; the label is not shown")
            }
            let barScale = surfaceScale
            stand = LabelStand(label: newLabel, crawl: crawl, barScale: barScale)
            surfaceScale = SurfaceScale(display: display, surface: crawl.surface, outputScale: outputScale, parent: barScale)
            barScale.onChange = { [unowned self, unowned barScale] in
                self.surfaceScale.follow(barScale)
                self.rescaled()
            }
            input?.origin = { [unowned self] surface in surface == self.stand?.crawl.surface ? self.crawlOrigin : 0 }
            moveCrawl(to: crawl.surface)
            if bar.isConfigured { resizeBuffers() }
            return
        }
        let before = stand.logicalWidth
        stand.label = newLabel
        standLabel()
        if stand.logicalWidth != before { resizeBuffers() }
    }

    /// Where the crawl starts in the bar's device columns.
    var crawlOrigin: Int { stand?.deviceWidth ?? 0 }

    /// The label drawn on the bar's surface at its size (nothing before it is configured).
    func standLabel() {
        guard let stand, bar.isConfigured, logicalWidth > 0, let shm = display.shm else { return }
        stand.draw(on: bar.surface, barWidth: logicalWidth, height: logicalHeight, font: compositor.font, display: display, shm: shm)
    }

    /// The label drawn again with the font the strip has just taken (a reload's, a new scale's).
    func followFont() {
        guard let picture = stand?.picture, picture.font !== compositor.font else { return }
        resizeBuffers()
    }

    /// The crawl back on the bar's surface.
    private func dropLabel() {
        guard let stand else { return }
        self.stand = nil
        surfaceScale = stand.barScale
        listen(to: surfaceScale)
        input?.origin = { _ in 0 }
        moveCrawl(to: bar.surface)
        if bar.isConfigured { resizeBuffers() }
    }

    private func moveCrawl(to surface: OpaquePointer) {
        pacer.move(to: surface)
        compositor.move(to: surface)
        // One fifo object a surface: the old one goes before the new one is made.
        fifo = nil
        fifo = FifoBarrier(display: display, surface: surface)
        showsAtlas = false
    }
}
