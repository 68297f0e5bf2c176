import CX11
import Glibc
import MarqueeFormats
import MarqueeIO

public struct DisplayOpenError: Error, CustomStringConvertible {
    public let name: String
    public var description: String { "cannot open display \"\(name)\"" }
}

/// The connection to the X server: owns the `Display*` and closes it. Every Xlib call goes
/// through one of these, from the loop's thread only.
public final class XConnection {
    public let display: OpaquePointer
    public let name: String
    public let screen: Int32
    public let root: Window
    /// The visual, colormap and depth of everything the ticker makes: the screen's default until
    /// `chooseSurface` picks one with alpha.
    public private(set) var surface: Surface
    private var surfaceChosen = false
    /// The colormap made for a surface with alpha; made and freed here.
    private var ownColormap: Colormap?
    private var atoms: [String: Atom] = [:]

    public var visual: UnsafeMutablePointer<Visual> { surface.visual }
    public var colormap: Colormap { surface.colormap }
    public var depth: Int32 { surface.depth }

    /// Opens `name`, or `$DISPLAY` when nil.
    public init(name: String?) throws(DisplayOpenError) {
        let shownName = name ?? String(cString: XDisplayName(nil))
        guard let display = XOpenDisplay(name) else { throw DisplayOpenError(name: shownName) }
        self.display = display
        self.name = shownName
        screen = XDefaultScreen(display)
        root = XRootWindow(display, screen)
        surface = Surface.screenDefault(display, screen: screen)
        Self.installErrorHandlers()
    }

    deinit {
        if let ownColormap { XFreeColormap(display, ownColormap) }
        XCloseDisplay(display)
    }

    /// Chooses the surface once, before any window, pixmap, picture or colour is made (they all
    /// take its visual and depth, and a window's cannot change): one with alpha when the
    /// background is translucent and the screen offers such a visual, else the default, exactly
    /// as if this were never called. Returns false when a translucent background has to be opaque.
    @discardableResult
    public func chooseSurface(translucentBackground: Bool) -> Bool {
        precondition(!surfaceChosen, "the surface is chosen once, before anything is drawn")
        surfaceChosen = true
        guard translucentBackground else { return true }
        guard let withAlpha = Surface.withAlpha(display, screen: screen, makeColormap: { visual in
            let colormap = XCreateColormap(display, root, visual, AllocNone)
            ownColormap = colormap
            return colormap
        }) else { return false }
        surface = withAlpha
        return true
    }

    public var fd: Int32 { xm_connection_number(display) }
    public var screenWidth: Int { Int(XDisplayWidth(display, screen)) }
    public var screenHeight: Int { Int(XDisplayHeight(display, screen)) }

    public func atom(_ name: String) -> Atom {
        if let atom = atoms[name] { return atom }
        let atom = XInternAtom(display, name, 0)
        atoms[name] = atom
        return atom
    }

    public func flush() { XFlush(display) }

    /// Hands every event Xlib has read or can read without blocking to `handle`, and sends the
    /// requests queued before. `QueuedAfterFlush` also takes the events xcb read while flushing
    /// (its write path reads when the socket is readable; a plain flush before `poll()` would
    /// strand them and stall the frames). The inner loop empties Xlib's queue without touching
    /// the socket (`XPending` per event cost four extra syscalls a frame) and reads its length
    /// directly (`XEventsQueued(QueuedAlready)` takes the display's lock each time).
    func drainEvents(_ handle: (inout XEvent) -> Void) {
        var event = XEvent()
        while XEventsQueued(display, QueuedAfterFlush) > 0 {
            while XQLength(display) > 0 {
                XNextEvent(display, &event)
                handle(&event)
            }
        }
    }
    public func sync() { XSync(display, 0) }

    /// A protocol error (BadAlloc for a pixmap, BadWindow for a window that just went away) is
    /// reported on one line and survived; Xlib's default handler would exit the process.
    /// Losing the connection is not survivable: one line and a distinct exit status.
    private static func installErrorHandlers() {
        XSetErrorHandler { display, event in
            guard let display, let event else { return 0 }
            var text = [CChar](repeating: 0, count: 256)
            XGetErrorText(display, Int32(event.pointee.error_code), &text, Int32(text.count))
            let message = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            Diagnostics.warn("X error: \(message) (request \(event.pointee.request_code).\(event.pointee.minor_code))")
            return 0
        }
        XSetIOErrorHandler { _ in
            Diagnostics.error("lost the connection to the X server")
            _exit(ExitStatus.displayLost.rawValue)
        }
    }
}
