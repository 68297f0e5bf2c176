import CX11
import MarqueeCore
import MarqueeIO
import TileRaster

/// The bar's menu on X11: an override-redirect window of our own drawing (the shared
/// `MenuPicture`), placed by `MenuPlacement` next to the pointer, which takes the pointer and
/// the keyboard while open (a click elsewhere or Escape closes it, as every toolkit's menus do).
/// Owns its window, its GC and its canvas; closing it frees them.
final class MenuWindow {
    private let connection: XConnection
    let id: Window
    private let gc: GC
    private let picture: MenuPicture
    private let canvas: TileCanvas
    private var interaction: MenuInteraction
    /// The item lit now.
    var highlighted: Int? { interaction.highlight.index }

    /// A menu showing `menu` at screen point `x, y` on `monitor`, beside `bar` (root
    /// coordinates); nil when the pointer or the keyboard cannot be taken.
    init?(connection: XConnection, menu: MenuModel, picture: MenuPicture, at x: Int, _ y: Int,
          monitor: MenuPlacement.Rect, bar: MenuPlacement.Rect) {
        let layout = picture.layout
        guard let canvas = TileCanvas(width: layout.width, height: layout.height,
                                      format: connection.surface.hasAlpha ? .argb : .rgb) else { return nil }
        self.connection = connection
        self.picture = picture
        self.canvas = canvas
        interaction = MenuInteraction(count: menu.items.count)
        let origin = MenuPlacement.origin(width: layout.width, height: layout.height, at: x, y, monitor: monitor, bar: bar)
        let display = connection.display
        var attributes = XSetWindowAttributes()
        // Not managed: no frame, no focus stealing, on top of the dock; the server keeps what
        // it covers for the moment it closes.
        attributes.override_redirect = 1
        attributes.save_under = 1
        attributes.background_pixmap = Pixmap(0)
        attributes.colormap = connection.colormap
        attributes.border_pixel = 0
        attributes.event_mask = ExposureMask | ButtonPressMask | ButtonReleaseMask | PointerMotionMask | KeyPressMask
            | LeaveWindowMask
        let mask = UInt(CWOverrideRedirect | CWSaveUnder | CWBackPixmap | CWBorderPixel | CWColormap | CWEventMask)
        let window = XCreateWindow(display, connection.root, Int32(origin.x), Int32(origin.y), UInt32(layout.width),
                           UInt32(layout.height), 0, connection.depth, UInt32(InputOutput), connection.visual, mask, &attributes)
        var type = [CLong(bitPattern: connection.atom("_NET_WM_WINDOW_TYPE_POPUP_MENU"))]
        type.withUnsafeMutableBytes { bytes in
            _ = XChangeProperty(display, window, connection.atom("_NET_WM_WINDOW_TYPE"), XA_ATOM, 32, PropModeReplace,
                                bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), 1)
        }
        var values = XGCValues()
        values.graphics_exposures = 0
        id = window
        gc = XCreateGC(display, window, UInt(GCGraphicsExposures), &values)
        XMapRaised(display, id)
        // Every pointer event comes to the menu, in its coordinates, wherever the pointer is
        // (owner_events off): a press outside is a press at a point outside its rectangle.
        let pointerMask = UInt32(ButtonPressMask | ButtonReleaseMask | PointerMotionMask)
        let pointerGrab = XGrabPointer(display, id, 0, pointerMask, GrabModeAsync, GrabModeAsync, Window(0), Cursor(0), Time(CurrentTime))
        let keyboardGrab = pointerGrab == GrabSuccess ? XGrabKeyboard(display, id, 0, GrabModeAsync, GrabModeAsync, Time(CurrentTime)) : -1
        guard pointerGrab == GrabSuccess, keyboardGrab == GrabSuccess else {
            Diagnostics.warn("the menu cannot take the \(pointerGrab != GrabSuccess ? "pointer" : "keyboard") (another program holds it: X grab status \(pointerGrab != GrabSuccess ? pointerGrab : keyboardGrab))")
            close()
            return nil
        }
        paint()
    }

    /// Gives the pointer and keyboard back and destroys the window.
    func close() {
        let display = connection.display
        XUngrabPointer(display, Time(CurrentTime))
        XUngrabKeyboard(display, Time(CurrentTime))
        XFreeGC(display, gc)
        XDestroyWindow(display, id)
        XFlush(display)
    }

    /// An event for the menu's window (the caller closes it on a choice or a dismissal).
    func handle(_ event: inout XEvent) -> MenuInteraction.Outcome {
        let layout = picture.layout
        func row(_ x: Int32, _ y: Int32) -> Int? { layout.row(atX: Int(x), y: Int(y)) }
        var outcome = MenuInteraction.Outcome.nothing, repaint = false
        switch event.type {
        case Expose where event.xexpose.count == 0:
            repaint = true
        case MotionNotify:
            repaint = interaction.pointer(overRow: row(event.xmotion.x, event.xmotion.y))
        case LeaveNotify:
            repaint = interaction.pointer(overRow: nil, inside: false)
        case ButtonPress:
            let x = Int(event.xbutton.x), y = Int(event.xbutton.y)
            let inside = x >= 0 && y >= 0 && x < layout.width && y < layout.height
            (outcome, repaint) = interaction.press(overRow: row(event.xbutton.x, event.xbutton.y), inside: inside)
        case ButtonRelease:
            outcome = interaction.release(overRow: row(event.xbutton.x, event.xbutton.y))
        case KeyPress:
            guard let key = MenuKey(keysym: UInt32(truncatingIfNeeded: XLookupKeysym(&event.xkey, 0))) else { break }
            (outcome, repaint) = interaction.key(key)
        default:
            break
        }
        if repaint && outcome == .nothing { paint() }
        return outcome
    }

    /// The whole menu, painted and put in the window (it is small: one request).
    private func paint() {
        picture.paint(highlighted: interaction.highlight.index, into: canvas)
        connection.put(canvas, into: id, gc: gc)
    }
}
