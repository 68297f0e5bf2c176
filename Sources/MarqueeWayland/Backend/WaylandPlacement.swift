import MarqueeFormats

/// Where a Wayland ticker shows: a bar (layer-shell) on an output's edge, or a window.
public enum WaylandPlacement {
    case bar(edge: BarEdge, layer: BarLayer, monitor: MonitorChoice)
    /// An xdg-shell window `width` wide (until the compositor sizes it), titled `title`.
    case window(width: Int, title: String)

    /// The output a `--monitor` choice names: a position in the compositor's list or a connector
    /// name; nil leaves the choice to the compositor.
    func output(in outputs: [WaylandOutput]) -> WaylandOutput? {
        guard case .bar(_, _, let choice) = self else { return nil }
        switch choice {
        case .primary: return nil
        case .index(let index): return outputs.indices.contains(index) ? outputs[index] : nil
        case .name(let name): return outputs.first { $0.name == name }
        }
    }

    /// The same placement on another monitor (a reloaded `--monitor`).
    func on(_ monitor: MonitorChoice) -> WaylandPlacement {
        guard case .bar(let edge, let layer, _) = self else { return self }
        return .bar(edge: edge, layer: layer, monitor: monitor)
    }
}
