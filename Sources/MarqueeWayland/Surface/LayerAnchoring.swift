import CWaylandClient
import MarqueeFormats
import WaylandProtocols

/// Where a layer surface sits on its output and what it reserves, in logical pixels: a bar
/// (one edge and both sides, its height reserved) or an area (a fixed rectangle at an offset
/// from a corner, reserving nothing).
struct LayerAnchoring: Equatable {
    /// `zwlr_layer_surface_v1` anchor bits.
    var anchor: UInt32
    /// 0: the output's width (anchored to both sides).
    var width: Int
    var height: Int
    var marginTop = 0, marginRight = 0, marginBottom = 0, marginLeft = 0
    /// The bar's height; -1 for an area. The protocol moves a surface with zone 0 out of other
    /// surfaces' exclusive zones (a notification avoiding the panel); -1 asks not to be moved and
    /// measures the anchoring from the output's edges, so an area lands exactly at its offset over
    /// swaybar or waybar.
    var exclusiveZone: Int

    static func bar(edge: BarEdge, height: Int) -> LayerAnchoring {
        let side = edge == .top ? ZWLR_LAYER_SURFACE_V1_ANCHOR_TOP : ZWLR_LAYER_SURFACE_V1_ANCHOR_BOTTOM
        return LayerAnchoring(anchor: side.rawValue | ZWLR_LAYER_SURFACE_V1_ANCHOR_LEFT.rawValue | ZWLR_LAYER_SURFACE_V1_ANCHOR_RIGHT.rawValue,
                              width: 0, height: height, exclusiveZone: height)
    }

    /// `geometry`'s rectangle (logical pixels): anchored at the output's top-left corner, or the
    /// right or bottom edge for a negative offset (X11's convention: the distance of the window's
    /// far edge from the screen's), `width` wide where the geometry names no width.
    static func area(_ geometry: WindowGeometry, width: Int, height: Int) -> LayerAnchoring {
        let horizontal = geometry.xFromRight ? ZWLR_LAYER_SURFACE_V1_ANCHOR_RIGHT : ZWLR_LAYER_SURFACE_V1_ANCHOR_LEFT
        let vertical = geometry.yFromBottom ? ZWLR_LAYER_SURFACE_V1_ANCHOR_BOTTOM : ZWLR_LAYER_SURFACE_V1_ANCHOR_TOP
        var area = LayerAnchoring(anchor: horizontal.rawValue | vertical.rawValue, width: geometry.width ?? width, height: height,
                                  exclusiveZone: -1)
        let x = geometry.x ?? 0, y = geometry.y ?? 0
        if geometry.xFromRight { area.marginRight = x } else { area.marginLeft = x }
        if geometry.yFromBottom { area.marginBottom = y } else { area.marginTop = y }
        return area
    }

    /// The same place at another height: a bar's zone follows it, an area still reserves nothing.
    func with(height newHeight: Int) -> LayerAnchoring {
        var changed = self
        changed.height = newHeight
        if exclusiveZone >= 0 { changed.exclusiveZone = newHeight }
        return changed
    }

    /// Sends it to `role` (takes effect with the surface's next commit).
    func apply(to role: OpaquePointer) {
        zwlr_layer_surface_v1_set_anchor(role, anchor)
        zwlr_layer_surface_v1_set_size(role, UInt32(width), UInt32(height))
        zwlr_layer_surface_v1_set_margin(role, Int32(marginTop), Int32(marginRight), Int32(marginBottom), Int32(marginLeft))
        zwlr_layer_surface_v1_set_exclusive_zone(role, Int32(exclusiveZone))
    }
}
