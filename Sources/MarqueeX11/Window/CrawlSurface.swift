import CX11

/// Where a lane's crawl is drawn: the ticker's window itself (one lane), or a lane's own child
/// window in a bar of several (`LaneWindow`), each with its own Present queue.
protocol CrawlSurface: AnyObject {
    var id: Window { get }
    var height: Int { get }
    /// The surface as a Render picture (for the edge fade).
    var renderPicture: Picture { get }
}

extension TickerWindow: CrawlSurface {}
