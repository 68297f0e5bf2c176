import CWaylandClient
import MarqueeCore
import TileRaster
import WaylandProtocols

/// The bar's menu on Wayland: an `xdg_popup` of the ticker's surface (a layer surface takes it
/// through `zwlr_layer_surface_v1.get_popup`, a window as its xdg child), placed by the
/// compositor from an `xdg_positioner` below the bar at the pointer's column (flipped above a
/// bottom bar, slid inside the output), grabbing the seat with the click's serial: a click
/// anywhere else ends it (`popup_done`). Drawn by the shared `MenuPicture` into one shm buffer.
/// Makes and destroys its surface, roles and buffer.
final class MenuPopup {
    /// Who the popup belongs to.
    enum Parent {
        case layer(OpaquePointer)
        case window(OpaquePointer)
    }

    private let display: WaylandDisplay
    let surface: OpaquePointer
    private let xdgSurface: OpaquePointer
    private let popup: OpaquePointer
    private let viewport: OpaquePointer?
    private let surfaceListener: UnsafeMutablePointer<xdg_surface_listener>
    private let popupListener: UnsafeMutablePointer<xdg_popup_listener>
    private let picture: MenuPicture
    /// The buffers painted in turn: the compositor may keep the one shown until another is
    /// attached (wlroots' pixman renderer reads it in place), so a new picture needs a second.
    private var buffers: [ShmBuffer]
    private let shm: OpaquePointer
    /// Device pixels per logical pixel: pointer positions come in logical ones.
    private let scale: Double
    private var interaction: MenuInteraction
    /// The item lit now.
    var highlighted: Int? { interaction.highlight.index }
    private var configured = false
    /// The compositor ended it (a click elsewhere, another grab).
    var onDone: () -> Void = {}

    /// A popup of `parent` showing `picture`, anchored at `x`, `y` (logical pixels of the parent,
    /// whose height is `parentHeight`), grabbing `seat` with the input event's `serial`.
    init?(display: WaylandDisplay, parent: Parent, picture: MenuPicture, itemCount: Int, x: Int, parentHeight: Int,
          scale: Double, seat: OpaquePointer, serial: UInt32) {
        guard let wmBase = display.wmBase, let shm = display.shm else { return nil }
        let layout = picture.layout
        let wholeScale = max(1, Int(scale.rounded()))
        // Without a viewport the buffer is shown at a whole scale: its size a multiple of it.
        let viewport = display.viewporter.map { _ in true } ?? false
        let bufferWidth = viewport ? layout.width : (layout.width + wholeScale - 1) / wholeScale * wholeScale
        let bufferHeight = viewport ? layout.height : (layout.height + wholeScale - 1) / wholeScale * wholeScale
        guard let buffer = try? ShmBuffer(display: display, shm: shm, width: bufferWidth, height: bufferHeight, format: .argb) else {
            return nil
        }
        self.display = display
        self.shm = shm
        self.picture = picture
        buffers = [buffer]
        self.scale = scale
        interaction = MenuInteraction(count: itemCount)
        let logicalWidth = Int((Double(layout.width) / scale).rounded(.up))
        let logicalHeight = Int((Double(layout.height) / scale).rounded(.up))
        surface = wl_compositor_create_surface(display.compositor)
        if let viewporter = display.viewporter {
            self.viewport = wp_viewporter_get_viewport(viewporter, surface)
            if let made = self.viewport { wp_viewport_set_destination(made, Int32(logicalWidth), Int32(logicalHeight)) }
        } else {
            self.viewport = nil
            wl_surface_set_buffer_scale(surface, Int32(wholeScale))
        }
        xdgSurface = xdg_wm_base_get_xdg_surface(wmBase, surface)
        let positioner = xdg_wm_base_create_positioner(wmBase)
        xdg_positioner_set_size(positioner, Int32(logicalWidth), Int32(logicalHeight))
        // The pointer's column across the bar's whole height: the menu hangs below it, or above
        // it where there is no room below (a bottom bar): never over the bar.
        xdg_positioner_set_anchor_rect(positioner, Int32(x), 0, 1, Int32(max(1, parentHeight)))
        xdg_positioner_set_anchor(positioner, XDG_POSITIONER_ANCHOR_BOTTOM_LEFT.rawValue)
        xdg_positioner_set_gravity(positioner, XDG_POSITIONER_GRAVITY_BOTTOM_RIGHT.rawValue)
        xdg_positioner_set_constraint_adjustment(positioner, XDG_POSITIONER_CONSTRAINT_ADJUSTMENT_SLIDE_X.rawValue
                                                 | XDG_POSITIONER_CONSTRAINT_ADJUSTMENT_FLIP_Y.rawValue
                                                 | XDG_POSITIONER_CONSTRAINT_ADJUSTMENT_SLIDE_Y.rawValue)
        switch parent {
        case .layer(let role):
            popup = xdg_surface_get_popup(xdgSurface, nil, positioner)
            zwlr_layer_surface_v1_get_popup(role, popup)
        case .window(let parentSurface):
            popup = xdg_surface_get_popup(xdgSurface, parentSurface, positioner)
        }
        xdg_positioner_destroy(positioner)
        surfaceListener = .allocate(capacity: 1)
        surfaceListener.initialize(to: xdg_surface_listener(configure: { data, xdgSurface, serial in
            xdg_surface_ack_configure(xdgSurface, serial)
            listenerOwner(data, as: MenuPopup.self)?.firstConfigure()
        }))
        popupListener = .allocate(capacity: 1)
        popupListener.initialize(to: xdg_popup_listener(
            configure: { _, _, _, _, _, _ in },
            popup_done: { data, _ in listenerOwner(data, as: MenuPopup.self)?.onDone() },
            repositioned: nil))
        xdg_surface_add_listener(xdgSurface, surfaceListener, listenerData(self))
        xdg_popup_add_listener(popup, popupListener, listenerData(self))
        // Before the first commit, as the protocol asks: the seat's pointer and keys are ours.
        xdg_popup_grab(popup, seat, serial)
        wl_surface_commit(surface)
        display.flush()
    }

    deinit {
        xdg_popup_destroy(popup)
        xdg_surface_destroy(xdgSurface)
        if let viewport { wp_viewport_destroy(viewport) }
        wl_surface_destroy(surface)
        surfaceListener.deallocate()
        popupListener.deallocate()
        display.flush()
    }

    private func firstConfigure() {
        configured = true
        paint()
    }

    /// The whole menu into a buffer the compositor does not hold, and committed (it is small).
    private func paint() {
        guard configured, let buffer = freeBuffer() else { return }
        buffer.canvas.fill(picture.background)
        picture.paint(highlighted: interaction.highlight.index, into: buffer.canvas)
        buffer.attach(to: surface)
        wl_surface_damage_buffer(surface, 0, 0, Int32(buffer.canvas.width), Int32(buffer.canvas.height))
        wl_surface_commit(surface)
    }

    /// A buffer the compositor has let go, or a new one (three at most: beyond, this picture is
    /// skipped, and the next pointer event paints).
    private func freeBuffer() -> ShmBuffer? {
        if let free = buffers.first(where: { !$0.isBusy }) { return free }
        guard buffers.count < 3, let first = buffers.first,
              let made = try? ShmBuffer(display: display, shm: shm, width: first.canvas.width, height: first.canvas.height,
                                        format: .argb) else { return nil }
        buffers.append(made)
        return made
    }

    // MARK: Input (the seat's, while the popup has it)

    private func row(_ point: (x: Double, y: Double)) -> Int? {
        picture.layout.row(atX: Int(point.x * scale), y: Int(point.y * scale))
    }

    /// The pointer at `point` (logical pixels of the popup), or gone from it (nil).
    func pointer(at point: (x: Double, y: Double)?) {
        if interaction.pointer(overRow: point.flatMap(row), inside: point != nil) { paint() }
    }

    /// A button pressed (`pressed`) or released at `point` of the popup.
    func button(pressed: Bool, at point: (x: Double, y: Double)) -> MenuInteraction.Outcome {
        guard pressed else { return interaction.release(overRow: row(point)) }
        let (outcome, repaint) = interaction.press(overRow: row(point), inside: true)
        if repaint { paint() }
        return outcome
    }

    func key(_ key: MenuKey) -> MenuInteraction.Outcome {
        let (outcome, repaint) = interaction.key(key)
        if repaint && outcome == .nothing { paint() }
        return outcome
    }
}

/// Where the seat sends its pointer and keys while the menu is open.
protocol MenuInputSink: AnyObject {
    /// The pointer at a point of the menu's surface (logical pixels), or gone from it.
    func pointer(at point: (x: Double, y: Double)?)
    func button(pressed: Bool, at point: (x: Double, y: Double))
    /// A press on one of our other surfaces (the bar).
    func pressedElsewhere()
    func key(_ key: MenuKey)
}
