/// Which display system the ticker talks to (`--backend`): X11 (Xwayland included) or a Wayland
/// compositor, chosen once at start.
public enum DisplayBackend: String, CaseIterable, Sendable {
    /// Wayland for a bar where the compositor offers layer-shell, otherwise X11.
    case auto
    case x11
    case wayland

    public enum Decision: Equatable, Sendable {
        case x11
        case wayland
        /// Neither can be used; the reason, for a one-line error.
        case unavailable(String)
    }

    /// The backend to run. `layerShell`: whether the Wayland compositor offers layer-shell, nil
    /// when none could be reached; `x11Display`: whether an X display is named (DISPLAY or
    /// --display); `bar`: bar mode. Wayland windows (xdg_toplevel) are not built yet, so a plain
    /// window is X11's.
    public func decide(layerShell: Bool?, x11Display: Bool, bar: Bool) -> Decision {
        let noLayerShell = "the Wayland compositor offers no layer-shell (zwlr_layer_shell_v1)"
        switch self {
        case .x11:
            return .x11
        case .wayland:
            guard let layerShell else { return .unavailable("cannot connect to a Wayland compositor (WAYLAND_DISPLAY)") }
            guard bar else { return .unavailable("a window on Wayland is not available yet: use --bar, or --backend x11") }
            return layerShell ? .wayland : .unavailable(noLayerShell)
        case .auto:
            if bar && layerShell == true { return .wayland }
            if x11Display { return .x11 }
            if layerShell == nil { return .unavailable("no display: neither WAYLAND_DISPLAY nor DISPLAY is set") }
            return .unavailable(bar ? "\(noLayerShell), and no X display (DISPLAY) is set"
                                    : "a window on Wayland is not available yet, and no X display (DISPLAY) is set")
        }
    }
}
