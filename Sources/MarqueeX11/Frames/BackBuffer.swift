import CX11

/// A window-sized pixmap a frame is drawn into before the server presents it at the vblank
/// (tear-free mode), with the Render picture the edge fade is composited onto. Made and freed
/// here.
final class BackBuffer {
    private let connection: XConnection
    let pixmap: Pixmap
    let width: Int
    let height: Int
    private lazy var picture = DrawablePicture(connection: connection, drawable: pixmap)

    init(connection: XConnection, width: Int, height: Int) {
        self.connection = connection
        self.width = width
        self.height = height
        pixmap = XCreatePixmap(connection.display, connection.root, UInt32(max(width, 1)), UInt32(max(height, 1)),
                               UInt32(connection.depth))
    }

    deinit {
        picture.free()
        XFreePixmap(connection.display, pixmap)
    }

    /// The pixmap as a Render picture, made the first time the fade needs it.
    var renderPicture: Picture { picture.picture() }
}
