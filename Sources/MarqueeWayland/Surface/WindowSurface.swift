import CWaylandClient
import WaylandProtocols

/// A plain window (`xdg_toplevel`, app id `xmarquee`): where a compositor has no layer-shell
/// (GNOME, weston), and for window mode. Its size is the compositor's when it gives one (a
/// tiling layout, a live resize), its own otherwise. Made and destroyed here, surface included.
final class WindowSurface: TickerSurface {
    /// Kept open while the surface exists: its proxies are destroyed through it.
    private let display: WaylandDisplay
    let surface: OpaquePointer
    private let xdgSurface: OpaquePointer
    private let toplevel: OpaquePointer
    private let surfaceListener: UnsafeMutablePointer<xdg_surface_listener>
    private let toplevelListener: UnsafeMutablePointer<xdg_toplevel_listener>
    private let ownSize: (width: Int, height: Int)
    private var pendingSize: (width: Int, height: Int)
    private(set) var isConfigured = false
    let outputName: UInt32? = nil
    var onConfigure: (_ width: Int, _ height: Int) -> Void = { _, _ in }
    var onClosed: () -> Void = {}

    init(display: WaylandDisplay, wmBase: OpaquePointer, width: Int, height: Int, title: String) {
        self.display = display
        ownSize = (width, height)
        pendingSize = ownSize
        surface = wl_compositor_create_surface(display.compositor)
        xdgSurface = xdg_wm_base_get_xdg_surface(wmBase, surface)
        toplevel = xdg_surface_get_toplevel(xdgSurface)
        surfaceListener = .allocate(capacity: 1)
        surfaceListener.initialize(to: xdg_surface_listener(configure: { data, xdgSurface, serial in
            xdg_surface_ack_configure(xdgSurface, serial)
            listenerOwner(data, as: WindowSurface.self)?.configured()
        }))
        toplevelListener = .allocate(capacity: 1)
        toplevelListener.initialize(to: xdg_toplevel_listener(
            configure: { data, _, width, height, _ in listenerOwner(data, as: WindowSurface.self)?.sizeOffered(Int(width), Int(height)) },
            close: { data, _ in listenerOwner(data, as: WindowSurface.self)?.onClosed() },
            configure_bounds: nil, wm_capabilities: nil))
        xdg_surface_add_listener(xdgSurface, surfaceListener, listenerData(self))
        xdg_toplevel_add_listener(toplevel, toplevelListener, listenerData(self))
        xdg_toplevel_set_app_id(toplevel, "xmarquee")
        xdg_toplevel_set_title(toplevel, title)
        wl_surface_commit(surface)
    }

    deinit {
        xdg_toplevel_destroy(toplevel)
        xdg_surface_destroy(xdgSurface)
        wl_surface_destroy(surface)
        surfaceListener.deallocate()
        toplevelListener.deallocate()
    }

    var popupParent: MenuPopup.Parent { .window(xdgSurface) }

    /// A window is focused by the compositor's own rules.
    func takeKeyboardOnClick() {}

    /// Zero in either dimension leaves that one to us.
    private func sizeOffered(_ width: Int, _ height: Int) {
        pendingSize = (width > 0 ? width : ownSize.width, height > 0 ? height : ownSize.height)
    }

    private func configured() {
        isConfigured = true
        onConfigure(pendingSize.width, pendingSize.height)
    }
}
