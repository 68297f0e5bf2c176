/// A laid-out cycle as the strip shows it: repeated into a unit at least `minimumUnitWidth`
/// wide, which the compositor cuts into tiles. Pure geometry; the pixels belong to the compositor.
public final class CycleContent: StripContent {
    public let layout: CycleLayout
    public let unitWidth: Int
    public let copiesPerUnit: Int
    /// Unique among the contents of one player: tile caches are keyed on it, not on the
    /// object's address, which a later content may reuse.
    public let id: UInt64
    /// The font the layout was measured with: the content is painted with it, so a new font
    /// reaches the screen together with the text laid out for it, never before.
    public let shaper: TextShaper

    public init(layout: CycleLayout, id: UInt64, shaper: TextShaper) {
        self.layout = layout
        self.id = id
        self.shaper = shaper
        copiesPerUnit = layout.width > 0 ? StripGeometry.copiesPerUnit(cycle: layout.width) : 0
        unitWidth = layout.width * copiesPerUnit
    }
}
