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
    /// Buffer pixels per logical pixel: the theme is loaded this many times larger.
    private let scale: Int
    /// Loaded when the pointer first comes: libwayland-cursor reads the whole theme into shared
    /// memory (Adwaita at 24 px: 0.5 MB resident), which a bar the pointer never visits need not hold.
    private var loaded: (theme: OpaquePointer, surface: OpaquePointer)?
    private var cannotLoad = false
    private var enterSerial: UInt32?
    private var showsHand: Bool?

    init(display: WaylandDisplay, scale: Int) {
        self.display = display
        self.scale = scale
    }

    deinit {
        guard let loaded else { return }
        wl_surface_destroy(loaded.surface)
        wl_cursor_theme_destroy(loaded.theme)
    }

    private func load() -> (theme: OpaquePointer, surface: OpaquePointer)? {
        if let loaded { return loaded }
        guard !cannotLoad else { return nil }
        let name = getenv("XCURSOR_THEME").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 }
        let size = getenv("XCURSOR_SIZE").flatMap { Int32(String(cString: $0)) }.flatMap { $0 > 0 ? $0 : nil } ?? 24
        guard let shm = display.shm, let theme = wl_cursor_theme_load(name, size * Int32(scale), shm) else {
            cannotLoad = true
            return nil
        }
        guard let surface = wl_compositor_create_surface(display.compositor) else {
            wl_cursor_theme_destroy(theme)
            cannotLoad = true
            return nil
        }
        wl_surface_set_buffer_scale(surface, Int32(scale))
        loaded = (theme, surface)
        return loaded
    }

    /// The pointer entered with `serial`: the next `show` sets the shape, whichever it is.
    func entered(serial: UInt32) {
        enterSerial = serial
        showsHand = nil
    }

    func left() { enterSerial = nil }

    /// The hand or the arrow; nothing is sent while it stays the same. Where no theme loads,
    /// the compositor's shape stays.
    func show(hand: Bool, on pointer: OpaquePointer) {
        guard let enterSerial, hand != showsHand, let (theme, surface) = load() else { return }
        let names = hand ? ["pointer", "hand2", "hand1"] : ["default", "left_ptr"]
        guard let cursor = names.lazy.compactMap({ wl_cursor_theme_get_cursor(theme, $0) }).first,
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
