import MarqueeCore
import TickerDriver
import TileRaster

extension X11Backend: LabelHost {
    public func showLabel(_ newLabel: LaneLabel?, lane index: Int) {
        let lane = lanes[index]
        guard let newLabel else {
            lane.label = nil
            return moveCrawl(of: index)
        }
        let picture = LabelPicture(label: newLabel, font: lane.compositor.font, height: lane.height, format: tileFormat)
        if let label = lane.label {
            label.show(picture)
        } else {
            lane.label = LabelWindow(connection: connection, parent: lane.window?.id ?? window.id, picture: picture)
        }
        moveCrawl(of: index)
    }

    private var tileFormat: TileCanvas.Format { connection.surface.hasAlpha ? .argb : .rgb }

    /// Lane `index`'s crawl starts at its label's edge; a new width is its crawl's new size.
    private func moveCrawl(of index: Int) {
        let lane = lanes[index]
        let origin = lane.label?.width ?? 0
        router.origins[index] = origin
        guard origin != lane.compositor.crawlX else { return }
        lane.compositor.crawlX = origin
        outbox.post(.resized(width: lane.crawlWidth(barWidth: window.width), height: lane.height, lane: index))
    }

    /// The labels drawn again at their lanes' new heights.
    func resizeLabels() {
        for (index, lane) in lanes.enumerated() {
            guard let label = lane.label, label.picture.height != lane.height else { continue }
            label.show(LabelPicture(label: label.picture.label, font: lane.compositor.font, height: lane.height, format: tileFormat))
            moveCrawl(of: index)
        }
    }

    /// The labels drawn again with the font their strips have just taken (a reload's, a new DPI's).
    func followFont() {
        for (index, lane) in lanes.enumerated() {
            guard let label = lane.label, label.picture.font !== lane.compositor.font else { continue }
            label.show(LabelPicture(label: label.picture.label, font: lane.compositor.font, height: lane.height, format: tileFormat))
            moveCrawl(of: index)
        }
    }
}
