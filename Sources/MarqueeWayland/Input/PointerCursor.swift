import CWaylandClient
import Glibc

/// The pointer's shape over the ticker: the theme's arrow, a hand over linked text (as X11's
/// `XC_hand2`). On Wayland a client sets its own cursor each time the pointer enters, with the
/// enter's serial, or the compositor goes on showing whatever it showed last. The images come
/// from the desktop's Xcursor theme through libwayland-cursor (`XCURSOR_THEME` and
/// `XCURSOR_SIZE`, which sway, GNOME and KDE set; its own built-in cursors where no theme has
/// them). wp_cursor_shape_v1 would let the compositor draw it, but wayland-protocols 1.31 (Debian
/// 12) does not have it yet. Owns the theme and the cursor's surface.
final class PointerCursor {
    /// Kept open while the theme's buffers and the surface exist.
    private let display: WaylandDisplay
    private let theme: OpaquePointer
    private let surface: OpaquePointer
    /// Buffer pixels per logical pixel: the theme is loaded this many times larger.
    private let scale: Int
    private var enterSerial: UInt32?
    private var showsHand: Bool?

    init?(display: WaylandDisplay, scale: Int) {
        let size = getenv("XCURSOR_SIZE").flatMap { Int32(String(cString: $0)) }.flatMap { $0 > 0 ? $0 : nil } ?? 24
        guard let shm = display.shm, let surface = wl_compositor_create_surface(display.compositor) else { return nil }
        guard let theme = wl_cursor_theme_load(getenv("XCURSOR_THEME"), size * Int32(scale), shm) else {
            wl_surface_destroy(surface)
            return nil
        }
        self.display = display
        self.theme = theme
        self.surface = surface
        self.scale = scale
        wl_surface_set_buffer_scale(surface, Int32(scale))
    }

    deinit {
        wl_surface_destroy(surface)
        wl_cursor_theme_destroy(theme)
    }

    /// The pointer entered with `serial`: the next `show` sets the shape, whichever it is.
    func entered(serial: UInt32) {
        enterSerial = serial
        showsHand = nil
    }

    func left() { enterSerial = nil }

    /// The hand or the arrow; nothing is sent while it stays the same.
    func show(hand: Bool, on pointer: OpaquePointer) {
        guard let enterSerial, hand != showsHand else { return }
        let names = hand ? ["pointer", "hand2", "hand1"] : ["default", "left_ptr"]
        guard let cursor = names.lazy.compactMap({ wl_cursor_theme_get_cursor(self.theme, $0) }).first,
              cursor.pointee.image_count > 0, let image = cursor.pointee.images[0],
              let buffer = wl_cursor_image_get_buffer(image) else { return }
        showsHand = hand
        wl_surface_attach(surface, buffer, 0, 0)
        wl_surface_damage_buffer(surface, 0, 0, Int32(image.pointee.width), Int32(image.pointee.height))
        wl_surface_commit(surface)
        // The hotspot is in the surface's logical pixels.
        wl_pointer_set_cursor(pointer, enterSerial, surface, Int32(image.pointee.hotspot_x) / Int32(scale),
                              Int32(image.pointee.hotspot_y) / Int32(scale))
    }
}
