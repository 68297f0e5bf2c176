import CX11
import MarqueeFormats

/// The `_NET_WM_STATE` flags xmarquee asks for.
public enum WindowState: String, Sendable {
    /// Stays above normal windows.
    case above = "_NET_WM_STATE_ABOVE"
    /// Shown on every desktop.
    case sticky = "_NET_WM_STATE_STICKY"
    case skipTaskbar = "_NET_WM_STATE_SKIP_TASKBAR"
    case skipPager = "_NET_WM_STATE_SKIP_PAGER"
}

/// EWMH hints on the ticker's window: what kind of window it is, where it is shown, what
/// screen space it reserves, and its icon. Set before mapping, the window manager reads them
/// when it manages the window (also a window manager started later, e.g. `openbox --replace`).
extension TickerWindow {
    /// `_NET_WM_WINDOW_TYPE_DOCK`: a panel. Window managers leave it undecorated, keep it out of
    /// focus cycling and honour its struts.
    public func markAsDock() {
        var types = [CLong(bitPattern: connection.atom("_NET_WM_WINDOW_TYPE_DOCK"))]
        setLongs("_NET_WM_WINDOW_TYPE", type: XA_ATOM, &types)
    }

    /// The initial `_NET_WM_STATE`. Only meaningful before mapping; afterwards a state change
    /// is a request to the window manager (`requestState`).
    public func setInitialStates(_ states: [WindowState]) {
        var atoms = states.map { CLong(bitPattern: connection.atom($0.rawValue)) }
        setLongs("_NET_WM_STATE", type: XA_ATOM, &atoms)
    }

    /// `_NET_WM_DESKTOP = 0xFFFFFFFF`: on all desktops (with STICKY, for pagers that read only one).
    public func setOnAllDesktops() {
        var all = [CLong(0xFFFF_FFFF)]
        setCardinals("_NET_WM_DESKTOP", &all)
    }

    /// Asks a running window manager to add or remove a state (EWMH `_NET_WM_STATE` client
    /// message to the root window; changing the property of a mapped window does nothing).
    public func requestState(_ state: WindowState, enabled: Bool) {
        var event = XEvent()
        event.xclient.type = ClientMessage
        event.xclient.window = id
        event.xclient.message_type = connection.atom("_NET_WM_STATE")
        event.xclient.format = 32
        event.xclient.data.l.0 = enabled ? 1 : 0
        event.xclient.data.l.1 = CLong(bitPattern: connection.atom(state.rawValue))
        event.xclient.data.l.3 = 1 // source: a normal application
        XSendEvent(connection.display, connection.root, 0,
                   SubstructureRedirectMask | SubstructureNotifyMask, &event)
    }

    /// Reserves screen space for a docked bar: `_NET_WM_STRUT_PARTIAL` and the legacy
    /// `_NET_WM_STRUT`. Changing them on a mapped window is how a bar tells the window manager
    /// its reservation moved (the window manager watches the property).
    public func setStrut(_ placement: DockPlacement) {
        var partial = placement.partialStrut.map { CLong($0) }
        setCardinals("_NET_WM_STRUT_PARTIAL", &partial)
        var legacy = placement.strut.map { CLong($0) }
        setCardinals("_NET_WM_STRUT", &legacy)
    }

    /// WM_HINTS input = False: the window never takes the keyboard focus (a bar that grabbed the
    /// focus on click would steal typing from the window the user works in).
    public func refuseFocus() {
        guard let hints = XAllocWMHints() else { return }
        hints.pointee.flags = InputHint
        hints.pointee.input = 0
        XSetWMHints(connection.display, id, hints)
        XFree(hints)
    }

    /// `_NET_WM_ICON`: one or more images, each width, height, then width × height ARGB pixels.
    public func setIcon(_ images: [(width: Int, height: Int, argb: [UInt32])]) {
        var values: [CLong] = []
        for image in images {
            values.append(CLong(image.width))
            values.append(CLong(image.height))
            values.append(contentsOf: image.argb.map { CLong($0) })
        }
        setCardinals("_NET_WM_ICON", &values)
    }

    /// A fixed size and position (a docked bar): USPosition/USSize, with the minimum and maximum
    /// size equal so window managers neither move nor let the user resize it.
    public func pin(to frame: ScreenRectangle) {
        guard let hints = XAllocSizeHints() else { return }
        hints.pointee.flags = USPosition | USSize | PMinSize | PMaxSize
        hints.pointee.x = Int32(frame.x)
        hints.pointee.y = Int32(frame.y)
        hints.pointee.width = Int32(frame.width)
        hints.pointee.height = Int32(frame.height)
        hints.pointee.min_width = Int32(frame.width)
        hints.pointee.max_width = Int32(frame.width)
        hints.pointee.min_height = Int32(frame.height)
        hints.pointee.max_height = Int32(frame.height)
        XSetWMNormalHints(connection.display, id, hints)
        XFree(hints)
        XMoveResizeWindow(connection.display, id, Int32(frame.x), Int32(frame.y), UInt32(frame.width), UInt32(frame.height))
    }
}
