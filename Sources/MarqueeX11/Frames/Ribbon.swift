import CX11
import MarqueeCore

/// Pixels of the strip painted once for more than the window (by `margin` columns), at one
/// sub-pixel phase: without a compositing manager a frame is presented straight from it at an
/// offset, so the server copies each pixel once a frame, as it would copying into the window
/// directly. It is painted again only when the frame's view leaves it or the strip changed under
/// it (`StripExtent`). Makes and frees its pixmap.
final class Ribbon {
    /// A tile's width ahead: the server holds the pixels, so a generous margin costs the client nothing.
    static let span = RibbonSpan(margin: StripGeometry.tileWidth)

    private let connection: XConnection
    let pixmap: Pixmap
    let width: Int
    let height: Int
    /// What it holds; nil until painted.
    var extent: StripExtent?
    /// What it holds when it is a roll's stack of two pages (`RollStack`).
    var picture: RollPicture?

    convenience init(connection: XConnection, windowWidth: Int, height: Int) {
        self.init(connection: connection, width: Self.span.width(window: windowWidth), height: height)
    }

    /// A pixmap `width` × `height` (a roll's stack: the window's width, two bars tall).
    init(connection: XConnection, width: Int, height: Int) {
        self.connection = connection
        self.width = width
        self.height = height
        pixmap = XCreatePixmap(connection.display, connection.root, UInt32(max(width, 1)), UInt32(max(height, 1)),
                               UInt32(connection.depth))
    }

    deinit { XFreePixmap(connection.display, pixmap) }

    /// Whether it holds what `strip` shows over `range`.
    func shows(_ strip: StripTimeline<CycleContent>?, range: Range<Int>) -> Bool {
        extent?.shows(strip, range: range) ?? false
    }
}
