import CWaylandClient
import MarqueeFormats
import WaylandProtocols

/// The ticker on a Wayland desktop with layer-shell: a bar anchored to one edge and both sides of
/// an output, its height reserved as an exclusive zone (windows stop at it), or an area at a fixed
/// place reserving nothing (`LayerAnchoring`); the keyboard on demand once it has been clicked
/// (`takeKeyboardOnClick`): a bar that asked from the start would take the keyboard from the
/// user's window as it maps under KWin, which focuses an on-demand layer surface at once.
/// Made and destroyed here, surface included.
///
/// The compositor decides the size: the first commit carries no buffer, its `configure` tells
/// the size, which is acknowledged before the first buffer is attached (the protocol's order).
final class LayerSurface: TickerSurface {
    /// Kept open while the surface exists: its proxies are destroyed through it.
    private let display: WaylandDisplay
    let surface: OpaquePointer
    private let role: OpaquePointer
    private let listener: UnsafeMutablePointer<zwlr_layer_surface_v1_listener>
    /// The output asked for (its registry name); nil: the compositor's choice.
    let outputName: UInt32?
    private(set) var width = 0
    private(set) var height: Int
    private(set) var isConfigured = false
    /// Whether it asked for the keyboard on demand (after its first click).
    private var takesKeyboard = false
    private var anchoring: LayerAnchoring
    /// A configure arrived with this size (acknowledged already): draw at it.
    var onConfigure: (_ width: Int, _ height: Int) -> Void = { _, _ in }
    /// The compositor will not show it again (its output went away).
    var onClosed: () -> Void = {}

    init(display: WaylandDisplay, shell: OpaquePointer, anchoring: LayerAnchoring, layer: BarLayer, output: WaylandOutput?) {
        self.display = display
        self.anchoring = anchoring
        height = anchoring.height
        outputName = output?.registryName
        surface = wl_compositor_create_surface(display.compositor)
        role = zwlr_layer_shell_v1_get_layer_surface(shell, surface, output?.proxy, Self.layerValue(layer), "xmarquee")
        anchoring.apply(to: role)
        listener = .allocate(capacity: 1)
        listener.initialize(to: zwlr_layer_surface_v1_listener(
            configure: { data, role, serial, width, height in
                zwlr_layer_surface_v1_ack_configure(role, serial)
                listenerOwner(data, as: LayerSurface.self)?.configured(width: Int(width), height: Int(height))
            },
            closed: { data, _ in listenerOwner(data, as: LayerSurface.self)?.onClosed() }))
        zwlr_layer_surface_v1_add_listener(role, listener, listenerData(self))
        wl_surface_commit(surface)
    }

    deinit {
        zwlr_layer_surface_v1_destroy(role)
        wl_surface_destroy(surface)
        listener.deallocate()
    }

    var popupParent: MenuPopup.Parent { .layer(role) }

    private func configured(width: Int, height: Int) {
        self.width = width
        if height > 0 { self.height = height }
        isConfigured = true
        onConfigure(self.width, self.height)
    }

    /// Clicked: from now on the keyboard on demand, which the compositor gives it at once (KWin)
    /// or at its next click (sway reads the interactivity at the press, before this arrives).
    /// Asked after the click, not at its press: the commit would come between the frames the
    /// press holds.
    func takeKeyboardOnClick() {
        guard !takesKeyboard, display.layerShellVersion >= 4 else { return }
        takesKeyboard = true
        zwlr_layer_surface_v1_set_keyboard_interactivity(role, ZWLR_LAYER_SURFACE_V1_KEYBOARD_INTERACTIVITY_ON_DEMAND.rawValue)
        wl_surface_commit(surface)
    }

    /// A new height (a new font or DPI): a bar's zone follows.
    func setHeight(_ newHeight: Int) {
        anchoring = anchoring.with(height: newHeight)
        anchoring.apply(to: role)
        wl_surface_commit(surface)
    }

    private static func layerValue(_ layer: BarLayer) -> UInt32 {
        switch layer {
        case .background: ZWLR_LAYER_SHELL_V1_LAYER_BACKGROUND.rawValue
        case .bottom: ZWLR_LAYER_SHELL_V1_LAYER_BOTTOM.rawValue
        case .top: ZWLR_LAYER_SHELL_V1_LAYER_TOP.rawValue
        case .overlay: ZWLR_LAYER_SHELL_V1_LAYER_OVERLAY.rawValue
        }
    }
}
