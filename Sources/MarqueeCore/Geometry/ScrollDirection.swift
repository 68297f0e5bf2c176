/// Which way the text moves across the window.
public enum ScrollDirection: String, Sendable, CaseIterable {
    /// Text moves right to left (the usual ticker); new text enters at the right edge.
    case left
    /// Text moves left to right; new text enters at the left edge.
    case right
}
