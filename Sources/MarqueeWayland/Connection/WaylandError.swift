/// Why the Wayland side could not start; each says so in one line.
public enum WaylandError: Error, CustomStringConvertible {
    case noDisplay(name: String?)
    case missingGlobal(String)
    case noLayerShell
    case noBuffer(errno: Int32)
    case noTimer(errno: Int32)

    public var description: String {
        switch self {
        case .noDisplay(let name): "cannot connect to the Wayland compositor \(name ?? "(WAYLAND_DISPLAY)")"
        case .missingGlobal(let interface): "the Wayland compositor offers no \(interface)"
        case .noLayerShell: "the Wayland compositor offers no layer-shell (zwlr_layer_shell_v1)"
        case .noBuffer(let errno): "cannot make a shared-memory buffer (errno \(errno))"
        case .noTimer(let errno): "cannot create a timer (errno \(errno))"
        }
    }
}
