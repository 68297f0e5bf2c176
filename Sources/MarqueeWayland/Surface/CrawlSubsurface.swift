import CWaylandClient

/// A lane's crawl's own surface: a desynchronized subsurface of the bar's surface (which shows
/// the labels), placed at its lane's row beside its label. Its frames are committed on
/// their own, so the label's buffer is attached once per text and never again per frame; the
/// pointer over it is told in its own columns. Owns the surface and its subsurface role.
final class CrawlSubsurface {
    let surface: OpaquePointer
    private let subsurface: OpaquePointer

    /// Nil where the compositor offers no wl_subcompositor.
    init?(display: WaylandDisplay, parent: OpaquePointer) {
        guard let subcompositor = display.subcompositor, let surface = wl_compositor_create_surface(display.compositor) else { return nil }
        guard let subsurface = wl_subcompositor_get_subsurface(subcompositor, surface, parent) else {
            wl_surface_destroy(surface)
            return nil
        }
        self.surface = surface
        self.subsurface = subsurface
        // Its commits apply at once, not with the parent's: frames need no commit of the bar's.
        wl_subsurface_set_desync(subsurface)
    }

    deinit {
        wl_subsurface_destroy(subsurface)
        wl_surface_destroy(surface)
    }

    /// At `x`, `y` logical pixels from the bar's top-left corner, from the bar surface's next commit.
    func place(x: Int, y: Int) { wl_subsurface_set_position(subsurface, Int32(x), Int32(y)) }
}
