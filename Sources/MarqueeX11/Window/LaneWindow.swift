import CX11

/// One lane of a bar of several: a child of the ticker's window, as wide as it, at the lane's
/// row. Frames are presented into it (Present queues a frame per window and vblank, so lanes
/// moving at their own speeds each need a window of their own); it has no background (every
/// pixel is the lane's frames) and takes no input (the pointer's events go to the ticker's
/// window, in its coordinates). Owns the window and its Render picture.
final class LaneWindow: CrawlSurface {
    private let connection: XConnection
    let id: Window
    private(set) var y: Int
    private(set) var height: Int
    private lazy var picture = DrawablePicture(connection: connection, drawable: id)

    init(connection: XConnection, parent: Window, y: Int, width: Int, height: Int) {
        self.connection = connection
        self.y = y
        self.height = height
        var attributes = XSetWindowAttributes()
        attributes.background_pixmap = Pixmap(0)
        attributes.bit_gravity = NorthWestGravity
        attributes.event_mask = ExposureMask
        attributes.colormap = connection.colormap
        attributes.border_pixel = 0
        let mask = UInt(CWBackPixmap | CWBorderPixel | CWBitGravity | CWEventMask | CWColormap)
        id = XCreateWindow(connection.display, parent, 0, Int32(y), UInt32(max(1, width)), UInt32(max(1, height)), 0, connection.depth,
                           UInt32(InputOutput), connection.visual, mask, &attributes)
        XMapWindow(connection.display, id)
    }

    deinit {
        picture.free()
        XDestroyWindow(connection.display, id)
    }

    var renderPicture: Picture { picture.picture() }

    /// At row `y` of the ticker's window, `width` × `height`.
    func place(y newY: Int, width: Int, height newHeight: Int) {
        y = newY
        height = newHeight
        XMoveResizeWindow(connection.display, id, 0, Int32(newY), UInt32(max(1, width)), UInt32(max(1, newHeight)))
    }
}
