import CWaylandClient
import WaylandProtocols

/// How one surface's buffer maps onto its logical size. Where the compositor offers
/// wp_fractional_scale_v1 and wp_viewporter, the buffer is made at the exact device size it
/// prefers (logical × scale / 120: 1.25, 1.5, 1.75 as well as whole scales) and a viewport shows
/// it at the logical size, so nothing is resampled; elsewhere the output's whole scale through
/// `wl_surface.set_buffer_scale`. Owns the surface's viewport and fractional-scale objects.
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
        if let parent, let viewporter = display.viewporter, parent.showsThroughViewport {
            viewport = wp_viewporter_get_viewport(viewporter, surface)
            fractional = nil
        } else if let parent {
            viewport = nil
            fractional = nil
            wl_surface_set_buffer_scale(surface, Int32(max(1, parent.scale120 / 120)))
        } else if let manager = display.fractionalScaleManager, let viewporter = display.viewporter {
            viewport = wp_viewporter_get_viewport(viewporter, surface)
            fractional = wp_fractional_scale_manager_v1_get_fractional_scale(manager, surface)
            if let fractional { wp_fractional_scale_v1_add_listener(fractional, listener, listenerData(self)) }
        } else {
            viewport = nil
            fractional = nil
            wl_surface_set_buffer_scale(surface, Int32(max(1, outputScale)))
        }
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

    /// Whether buffers are shown through a viewport (a fractional scale): a frame can then be a
    /// rectangle of a larger buffer (`showSource`).
    var showsThroughViewport: Bool { viewport != nil }

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
    /// the compositor tells no preferred scale of its own. The buffer scale applies with the next
    /// buffer attached, which must then be of the new device size.
    func followOutput(scale outputScale: Int) {
        guard fractional == nil, outputScale > 0, 120 * outputScale != scale120 else { return }
        wl_surface_set_buffer_scale(surface, Int32(outputScale))
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
