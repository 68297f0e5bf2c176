/// An open menu's answers to the pointer and the keys, the same on every display: the row under
/// the pointer is lit, a release over a row the pointer came to chooses it (the release of the
/// click that opened the menu never does), a press outside closes it, the arrows move the light,
/// Enter chooses the lit row, Escape closes. A backend only says where its pointer is in rows.
public struct MenuInteraction: Equatable, Sendable {
    public enum Outcome: Equatable, Sendable {
        case nothing
        case chosen(Int)
        case dismissed
    }

    public private(set) var highlight: MenuHighlight
    /// Whether the pointer came to the menu since it opened.
    private var pointerCame = false

    public init(count: Int) { highlight = MenuHighlight(count: count) }

    /// The pointer over `row` (nil: over no row, or gone). True when the picture changed.
    public mutating func pointer(overRow row: Int?, inside: Bool = true) -> Bool {
        if inside { pointerCame = true }
        return highlight.point(at: row)
    }

    /// A button pressed over `row`, or outside the menu.
    public mutating func press(overRow row: Int?, inside: Bool) -> (Outcome, repaint: Bool) {
        guard inside else { return (.dismissed, false) }
        pointerCame = true
        return (.nothing, highlight.point(at: row))
    }

    /// A button released over `row`.
    public func release(overRow row: Int?) -> Outcome {
        guard pointerCame, let row else { return .nothing }
        return .chosen(row)
    }

    /// A key. `repaint`: the light moved.
    public mutating func key(_ key: MenuKey) -> (Outcome, repaint: Bool) {
        switch key {
        case .up, .down:
            var moved = highlight
            moved.step(down: key == .down)
            return (.nothing, highlight.point(at: moved.index))
        case .choose: return (highlight.index.map { .chosen($0) } ?? .nothing, false)
        case .dismiss: return (.dismissed, false)
        }
    }
}
