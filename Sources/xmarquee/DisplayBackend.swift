/// Which display system the ticker talks to (`--backend`): X11 (Xwayland included) or a Wayland
/// compositor, chosen once at start.
public enum DisplayBackend: String, CaseIterable, Sendable {
    /// Wayland for a bar where the compositor offers layer-shell, otherwise X11 where there is an
    /// X display, otherwise Wayland.
    case auto
    case x11
    case wayland

    public enum Decision: Equatable, Sendable {
        case x11
        /// A layer-shell surface: a bar, or an area a `--geometry` places.
        case waylandBar
        /// An xdg-shell window; `note` says once why a bar became a window.
        case waylandWindow(note: String?)
        /// Neither can be used; the reason, for a one-line error.
        case unavailable(String)
    }

    /// The backend to run. `layerShell`: whether the Wayland compositor offers layer-shell, nil
    /// when none could be reached; `x11Display`: whether an X display is named (DISPLAY or
    /// --display); `bar`: bar mode or a placed `--geometry` (on Wayland both are layer surfaces:
    /// xdg-shell windows have no position). Auto keeps a window on X11 (Xwayland) where there is one.
    public func decide(layerShell: Bool?, x11Display: Bool, bar: Bool) -> Decision {
        let fallback = "the Wayland compositor offers no layer-shell (zwlr_layer_shell_v1): showing a window instead of a bar (a --geometry is a size only)"
        switch self {
        case .x11:
            return .x11
        case .wayland:
            guard let layerShell else { return .unavailable("cannot connect to a Wayland compositor (WAYLAND_DISPLAY)") }
            return wayland(layerShell: layerShell, bar: bar, fallback: fallback)
        case .auto:
            if bar && layerShell == true { return .waylandBar }
            if x11Display { return .x11 }
            guard let layerShell else { return .unavailable("no display: neither WAYLAND_DISPLAY nor DISPLAY is set") }
            return wayland(layerShell: layerShell, bar: bar, fallback: fallback)
        }
    }

    private func wayland(layerShell: Bool, bar: Bool, fallback: String) -> Decision {
        guard bar else { return .waylandWindow(note: nil) }
        return layerShell ? .waylandBar : .waylandWindow(note: fallback)
    }
}
