import MarqueeCore
import TickerDriver
import TileRaster

extension X11Backend: LabelHost {
    public func showLabel(_ newLabel: LaneLabel?) {
        guard let newLabel else {
            label = nil
            return moveCrawl()
        }
        let picture = LabelPicture(label: newLabel, font: compositor.font, height: window.height, format: tileFormat)
        if let label { label.show(picture) } else { label = LabelWindow(connection: connection, parent: window.id, picture: picture) }
        moveCrawl()
    }

    /// The crawl's width: the window's beside the label.
    var crawlWidth: Int { max(0, window.width - (label?.width ?? 0)) }

    private var tileFormat: TileCanvas.Format { connection.surface.hasAlpha ? .argb : .rgb }

    /// The crawl starts at the label's edge; a new width is the crawl's new size.
    private func moveCrawl() {
        let origin = label?.width ?? 0
        guard origin != compositor.crawlX else { return }
        compositor.crawlX = origin
        outbox.post(.resized(width: crawlWidth, height: window.height))
    }

    /// The label drawn again at the window's new height.
    func resizeLabel() {
        guard let label, label.picture.height != window.height else { return }
        label.show(LabelPicture(label: label.picture.label, font: compositor.font, height: window.height, format: tileFormat))
        moveCrawl()
    }

    /// The label drawn again with the font the strip has just taken (a reload's, a new DPI's).
    func followFont() {
        guard let label, label.picture.font !== compositor.font else { return }
        label.show(LabelPicture(label: label.picture.label, font: compositor.font, height: window.height, format: tileFormat))
        moveCrawl()
    }
}
