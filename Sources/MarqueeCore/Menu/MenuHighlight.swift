/// Which item of an open menu is lit: the one under the pointer, or the one the arrow keys
/// moved to (wrapping at the ends, as GTK's and Qt's menus do). Nothing is lit at first.
public struct MenuHighlight: Equatable, Sendable {
    public private(set) var index: Int?
    public let count: Int

    public init(count: Int) { self.count = count }

    /// Up or Down: the next item that way, from the first or last when none is lit.
    public mutating func step(down: Bool) {
        guard count > 0 else { return }
        guard let index else { return self.index = down ? 0 : count - 1 }
        self.index = (index + (down ? 1 : count - 1)) % count
    }

    /// The pointer over item `index` (nil: over none). True when what is lit changed.
    @discardableResult
    public mutating func point(at index: Int?) -> Bool {
        let lit = index.flatMap { (0..<count).contains($0) ? $0 : nil }
        guard lit != self.index else { return false }
        self.index = lit
        return true
    }
}
