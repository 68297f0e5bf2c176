import CX11
import Glibc
import MarqueeCore

/// The ticker's top-level window and its ICCCM/EWMH identity.
public final class TickerWindow {
    let connection: XConnection
    public let id: Window
    public private(set) var width: Int
    public private(set) var height: Int
    public let deleteAtom: Atom

    /// Creates (but does not map) the window.
    /// - Parameter position: top-left corner when the user gave one (honoured as USPosition).
    public init(connection: XConnection, width: Int, height: Int, position: (x: Int, y: Int)?, title: String) {
        self.connection = connection
        self.width = width
        self.height = height
        let display = connection.display
        var attributes = XSetWindowAttributes()
        // No background: the server must never clear the window to a colour on resize or
        // exposure; every pixel comes from our own frames (no flash during live resizing).
        attributes.background_pixmap = Pixmap(0)
        // Keep the old pixels in place while the size changes, until the next frame covers them.
        attributes.bit_gravity = NorthWestGravity
        attributes.event_mask = ExposureMask | StructureNotifyMask | VisibilityChangeMask
        // A window of another depth than its parent (the 32-bit visual of a translucent
        // background) needs a colormap and a border of its own: the defaults copy the parent's
        // and fail with BadMatch. With the default visual these are the parent's anyway.
        attributes.colormap = connection.colormap
        attributes.border_pixel = 0
        let mask = UInt(CWBackPixmap | CWBorderPixel | CWBitGravity | CWEventMask | CWColormap)
        id = XCreateWindow(display, connection.root, Int32(position?.x ?? 0), Int32(position?.y ?? 0),
                           UInt32(width), UInt32(height), 0, connection.depth, UInt32(InputOutput),
                           connection.visual, mask, &attributes)
        deleteAtom = connection.atom("WM_DELETE_WINDOW")
        setIdentity(title: title)
        setSizeHints(userPosition: position != nil)
    }

    deinit {
        picture.free()
        XDestroyWindow(connection.display, id)
    }

    private lazy var picture = DrawablePicture(connection: connection, drawable: id)

    /// The window as a Render picture (for the edge fade), made the first time it is asked for
    /// and freed with the window: a picture outliving its window would be freed twice.
    var renderPicture: Picture { picture.picture() }

    private func setIdentity(title: String) {
        let display = connection.display
        // WM_CLASS: instance "xmarquee", class "Xmarquee" (window rules and desktop entries match on it).
        var instance = Array("xmarquee".utf8CString)
        var className = Array("Xmarquee".utf8CString)
        instance.withUnsafeMutableBufferPointer { instancePointer in
            className.withUnsafeMutableBufferPointer { classPointer in
                var hint = XClassHint(res_name: instancePointer.baseAddress, res_class: classPointer.baseAddress)
                XSetClassHint(display, id, &hint)
            }
        }
        XStoreName(display, id, title)
        setUTF8Property("_NET_WM_NAME", title)
        // _NET_WM_PID is only meaningful together with WM_CLIENT_MACHINE.
        var pid = [CLong(getpid())]
        setCardinals("_NET_WM_PID", &pid)
        var host = [CChar](repeating: 0, count: 256)
        gethostname(&host, host.count - 1)
        setStringProperty("WM_CLIENT_MACHINE", type: XA_STRING, host.withUnsafeBufferPointer { String(cString: $0.baseAddress!) })
        var protocols = [deleteAtom]
        XSetWMProtocols(display, id, &protocols, 1)
        // Title bars, task switchers and pagers show it; without it they show a generic one.
        setIcon(AppIcon.images)
    }

    private func setSizeHints(userPosition: Bool) {
        guard let hints = XAllocSizeHints() else { return }
        hints.pointee.flags = PMinSize | (userPosition ? (USPosition | USSize) : PSize)
        hints.pointee.min_width = 1
        hints.pointee.min_height = 1
        hints.pointee.width = Int32(width)
        hints.pointee.height = Int32(height)
        XSetWMNormalHints(connection.display, id, hints)
        XFree(hints)
    }

    func setCardinals(_ name: String, _ values: inout [CLong]) {
        setLongs(name, type: XA_CARDINAL, &values)
    }

    /// A 32-bit-format property (CARDINAL, ATOM, WINDOW): Xlib takes these as C longs.
    func setLongs(_ name: String, type: Atom, _ values: inout [CLong]) {
        let count = Int32(values.count)
        let property = connection.atom(name)
        values.withUnsafeMutableBytes { bytes in
            _ = XChangeProperty(connection.display, id, property, type, 32, PropModeReplace,
                                bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), count)
        }
    }

    func setUTF8Property(_ name: String, _ value: String) {
        setStringProperty(name, type: connection.atom("UTF8_STRING"), value)
    }

    private func setStringProperty(_ name: String, type: Atom, _ value: String) {
        var bytes = Array(value.utf8)
        _ = XChangeProperty(connection.display, id, connection.atom(name), type, 8, PropModeReplace,
                            &bytes, Int32(bytes.count))
    }

    public func map() { XMapWindow(connection.display, id) }

    /// Override-redirect (before mapping): the window manager neither manages, decorates, moves
    /// nor restacks it. Mapped last, it stays above every managed window, panels included, also
    /// when one of them is clicked and raised.
    public func bypassWindowManager() {
        var attributes = XSetWindowAttributes()
        attributes.override_redirect = 1
        XChangeWindowAttributes(connection.display, id, UInt(CWOverrideRedirect), &attributes)
    }

    /// The events a ticker listens to. Pointer motion and crossings wake it only while the
    /// pointer is over the window (for the hand over links, hover pause); an idle pointer
    /// elsewhere costs nothing.
    func selectInput() {
        let mask = ExposureMask | StructureNotifyMask | VisibilityChangeMask | ButtonPressMask | ButtonReleaseMask
            | PointerMotionMask | KeyPressMask | EnterWindowMask | LeaveWindowMask
        XSelectInput(connection.display, id, mask)
    }

    /// Asks for a new height (a new DPI); the ticker follows when the ConfigureNotify comes.
    public func resize(height newHeight: Int) {
        guard newHeight != height else { return }
        XResizeWindow(connection.display, id, UInt32(width), UInt32(max(1, newHeight)))
    }

    /// Records a size reported by ConfigureNotify; true when it changed.
    func noteSize(width newWidth: Int, height newHeight: Int) -> Bool {
        guard newWidth != width || newHeight != height else { return false }
        width = newWidth
        height = newHeight
        return true
    }
}
