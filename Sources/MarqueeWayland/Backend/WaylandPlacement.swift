import MarqueeFormats

/// Where a Wayland ticker shows: a bar (layer-shell) on an output's edge, an area of an output
/// (layer-shell, `--geometry`: over a region of another bar, reserving nothing), or a window.
public enum WaylandPlacement {
    case bar(edge: BarEdge, layer: BarLayer, monitor: MonitorChoice)
    /// `geometry` in logical pixels from the output's corner; `width` where it names none.
    case area(WindowGeometry, width: Int, layer: BarLayer, monitor: MonitorChoice)
    /// An xdg-shell window `width` wide (until the compositor sizes it), titled `title`.
    case window(width: Int, title: String)

    /// The height the geometry fixes (logical pixels): a reload's new font does not change it.
    public var fixedHeight: Int? {
        guard case .area(let geometry, _, _, _) = self else { return nil }
        return geometry.height
    }

    /// The layer surface's place at `height`; nil for a window.
    func anchoring(height: Int) -> (LayerAnchoring, BarLayer)? {
        switch self {
        case .bar(let edge, let layer, _): return (.bar(edge: edge, height: height), layer)
        case .area(let geometry, let width, let layer, _): return (.area(geometry, width: width, height: height), layer)
        case .window: return nil
        }
    }

    private var monitor: MonitorChoice? {
        switch self {
        case .bar(_, _, let choice), .area(_, _, _, let choice): return choice
        case .window: return nil
        }
    }

    /// The output a `--monitor` choice names: a position in the compositor's list or a connector
    /// name; nil leaves the choice to the compositor.
    func output(in outputs: [WaylandOutput]) -> WaylandOutput? {
        switch monitor {
        case nil, .primary?: return nil
        case .index(let index)?: return outputs.indices.contains(index) ? outputs[index] : nil
        case .name(let name)?: return outputs.first { $0.name == name }
        }
    }

    /// The same placement on another monitor (a reloaded `--monitor`).
    func on(_ monitor: MonitorChoice) -> WaylandPlacement {
        switch self {
        case .bar(let edge, let layer, _): return .bar(edge: edge, layer: layer, monitor: monitor)
        case .area(let geometry, let width, let layer, _): return .area(geometry, width: width, layer: layer, monitor: monitor)
        case .window: return self
        }
    }

    /// Whether it is a layer surface (placed by the app, moved to its monitor's output).
    var isLayerSurface: Bool {
        if case .window = self { return false }
        return true
    }
}
