/// The layer a Wayland bar lives in (`--layer`), bottom-most first: under the windows
/// (background, bottom) or over them (top, overlay). X11 has no such choice: a dock is above.
public enum BarLayer: String, CaseIterable, Sendable {
    case background
    case bottom
    case top
    case overlay
}
