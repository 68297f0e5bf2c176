import CX11
import FontMatching
import MarqueeCore
import TileRaster

/// A lane's label on X11: a child window at the start edge of the ticker's window whose
/// background is the label's pixmap, so the server paints it (when mapped, on exposure) and no
/// frame ever does. The crawl's frames are copied into the parent window, clipped by its
/// children (`ClipByChildren`, what both Present's copy and our GC use), so a ribbon presented
/// whole-window at the crawl's offset leaves the label's pixels untouched, tear-free or not. A
/// new text makes a new pixmap and clears the window once. Owns the window and its GC.
final class LabelWindow {
    private let connection: XConnection
    let id: Window
    private let gc: GC
    private(set) var picture: LabelPicture
    var width: Int { picture.width }

    init(connection: XConnection, parent: Window, picture: LabelPicture) {
        self.connection = connection
        self.picture = picture
        var attributes = XSetWindowAttributes()
        // The parent's visual, depth and colormap (a 32-bit one too), no border, and no events
        // of its own: the pointer over it is the parent's, in the parent's columns.
        attributes.colormap = connection.colormap
        attributes.border_pixel = 0
        id = XCreateWindow(connection.display, parent, 0, 0, UInt32(picture.width), UInt32(max(1, picture.height)), 0,
                           connection.depth, UInt32(InputOutput), connection.visual, UInt(CWBorderPixel | CWColormap),
                           &attributes)
        var values = XGCValues()
        values.graphics_exposures = 0
        gc = XCreateGC(connection.display, id, UInt(GCGraphicsExposures), &values)
        show(picture)
        XMapWindow(connection.display, id)
    }

    deinit {
        XFreeGC(connection.display, gc)
        XDestroyWindow(connection.display, id)
    }

    /// Shows `newPicture`: its pixels become the window's background (the server keeps the
    /// pixmap while the window uses it, so ours is freed at once), sized to it.
    func show(_ newPicture: LabelPicture) {
        picture = newPicture
        guard let canvas = newPicture.canvas() else { return }
        let display = connection.display
        let pixmap = XCreatePixmap(display, id, UInt32(canvas.width), UInt32(canvas.height), UInt32(connection.depth))
        connection.put(canvas, into: pixmap, gc: gc)
        XResizeWindow(display, id, UInt32(canvas.width), UInt32(canvas.height))
        XSetWindowBackgroundPixmap(display, id, pixmap)
        XClearWindow(display, id)
        XFreePixmap(display, pixmap)
    }
}
