/// The screen edge a bar is docked to.
public enum BarEdge: String, CaseIterable, Sendable {
    case top
    case bottom
}
