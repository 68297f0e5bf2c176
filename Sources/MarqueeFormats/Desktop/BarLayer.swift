/// The layer a bar lives in (`--layer`), bottom-most first, as layer-shell names them: under the
/// windows (background, bottom) or over them (top, overlay). A display without layers keeps a
/// dock above.
public enum BarLayer: String, CaseIterable, Sendable {
    case background
    case bottom
    case top
    case overlay
}
