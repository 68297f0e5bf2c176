import CWaylandClient
import WaylandProtocols

/// How one surface's buffer maps onto its logical size. Where the compositor offers
/// wp_viewporter, a viewport shows the buffer at the logical size: with wp_fractional_scale_v1
/// the buffer is made at the exact device size the compositor prefers (logical × scale / 120:
/// 1.25, 1.5, 1.75 as well as whole scales), so nothing is resampled; without it (weston 16) at
/// the output's whole scale. Without a viewporter, the output's whole scale through
/// `wl_surface.set_buffer_scale`. A viewport also lets a frame be a rectangle of a larger buffer
/// (`showSource`). Owns the surface's viewport and fractional-scale objects.
final class SurfaceScale {
    /// Device pixels per logical pixel × 120 (the protocol's fixed denominator).
    private(set) var scale120: Int
    private let surface: OpaquePointer
    private let viewport: OpaquePointer?
    private let fractional: OpaquePointer?
    private let listener: UnsafeMutablePointer<wp_fractional_scale_v1_listener>
    /// The compositor prefers another scale now (the surface moved to another output, the
    /// output's scale changed).
    var onChange: () -> Void = {}

    /// `parent`: the surface is inside that one (a subsurface), which alone hears the
    /// compositor's preferred scale; this one follows it (`follow`).
    init(display: WaylandDisplay, surface: OpaquePointer, outputScale: Int, parent: SurfaceScale? = nil) {
        self.surface = surface
        scale120 = parent?.scale120 ?? 120 * max(1, outputScale)
        listener = .allocate(capacity: 1)
        listener.initialize(to: wp_fractional_scale_v1_listener(preferred_scale: { data, _, scale in
            listenerOwner(data, as: SurfaceScale.self)?.preferred(Int(scale))
        }))
        viewport = display.viewporter.flatMap { wp_viewporter_get_viewport($0, surface) }
        // No protocol tells whether a compositor crops exactly: wlroots 0.15 ignores source
        // offsets (headless sway 1.7). It predates fractional-scale-v1 (wlroots 0.17) and fifo,
        // so either one offered stands for a compositor new enough: wlroots ≥ 0.17, KWin, mutter,
        // weston 16 (the bed's pixel tests: wlroots 0.20's pixman pass, KWin 5.27's OpenGL and
        // 6.7's QPainter, mutter's and weston's crop exactly).
        honoursSourceOffsets = viewport != nil && (display.fractionalScaleManager != nil || display.fifoManager != nil)
        // A subsurface hears no preferred scale of its own: it follows its parent's.
        if parent == nil, viewport != nil, let manager = display.fractionalScaleManager {
            fractional = wp_fractional_scale_manager_v1_get_fractional_scale(manager, surface)
            if let fractional { wp_fractional_scale_v1_add_listener(fractional, listener, listenerData(self)) }
        } else {
            fractional = nil
        }
        if viewport == nil { wl_surface_set_buffer_scale(surface, Int32(max(1, scale120 / 120))) }
    }

    deinit {
        if let fractional { wp_fractional_scale_v1_destroy(fractional) }
        if let viewport { wp_viewport_destroy(viewport) }
        listener.deallocate()
    }

    var scale: Double { Double(scale120) / 120 }

    /// A logical length in device pixels (the protocol's rounding: half away from zero).
    func device(_ logical: Int) -> Int { (logical * scale120 + 60) / 120 }

    /// The surface shows its buffer at `width` × `height` logical pixels from the next commit.
    func show(logicalWidth width: Int, height: Int) {
        guard let viewport, width > 0, height > 0 else { return }
        wp_viewport_set_destination(viewport, Int32(width), Int32(height))
    }

    /// Whether a frame can be a rectangle of a larger buffer (`showSource`) that the compositor
    /// shows exactly: buffers are shown through a viewport and the compositor crops at the
    /// source's offset.
    let honoursSourceOffsets: Bool

    /// From the next commit the surface shows the buffer's rectangle at `x`, `y` (buffer pixels)
    /// of its logical size × scale; nil shows the whole buffer again.
    func showSource(x: Int, y: Int, width: Int, height: Int) {
        guard let viewport else { return }
        wp_viewport_set_source(viewport, wl_fixed_from_int(Int32(x)), wl_fixed_from_int(Int32(y)),
                               wl_fixed_from_int(Int32(width)), wl_fixed_from_int(Int32(height)))
    }

    func showWholeBuffer() {
        guard let viewport else { return }
        let unset = wl_fixed_from_int(-1)
        wp_viewport_set_source(viewport, unset, unset, unset, unset)
    }

    /// The output's whole scale changed (or the surface went to another output): followed where
    /// the compositor tells no preferred scale of its own. The buffer scale (or the viewport's
    /// size) applies with the next buffer attached, which must then be of the new device size.
    func followOutput(scale outputScale: Int) {
        guard fractional == nil, outputScale > 0, 120 * outputScale != scale120 else { return }
        if viewport == nil { wl_surface_set_buffer_scale(surface, Int32(outputScale)) }
        preferred(120 * outputScale)
    }

    /// Takes `parent`'s scale (a subsurface's); the next buffer must be of the new device size.
    func follow(_ parent: SurfaceScale) {
        guard parent.scale120 != scale120 else { return }
        if viewport == nil { wl_surface_set_buffer_scale(surface, Int32(max(1, parent.scale120 / 120))) }
        scale120 = parent.scale120
    }

    private func preferred(_ newScale: Int) {
        guard newScale > 0, newScale != scale120 else { return }
        scale120 = newScale
        onChange()
    }
}
