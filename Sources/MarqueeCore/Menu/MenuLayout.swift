/// Where a menu's items go, in device pixels, from the height of the font it is drawn with and
/// the width of each label: rows a line and a half high, a margin of half a line around, so the
/// menu grows with the font and the DPI as the bar does.
public struct MenuLayout: Equatable, Sendable {
    public let rowHeight: Int
    public let padding: Int
    public let width: Int
    public let count: Int
    public var height: Int { count * rowHeight + 2 * padding }

    /// Rows for labels `labelWidths` wide, drawn in a font `fontHeight` high.
    public init(fontHeight: Int, labelWidths: [Int]) {
        let line = max(fontHeight, 8)
        rowHeight = line * 3 / 2
        padding = max(line / 4, 2)
        count = labelWidths.count
        width = (labelWidths.max() ?? 0) + 2 * line + 2 * padding
        labelLeft = padding + line
    }

    /// The top of row `index`'s band.
    public func rowTop(_ index: Int) -> Int { padding + index * rowHeight }

    /// Where a label starts: a line's height in from the edge.
    public let labelLeft: Int

    /// The row under the point `x, y` (menu coordinates); nil outside the rows.
    public func row(atX x: Int, y: Int) -> Int? {
        guard x >= 0, x < width, y >= padding, y < padding + count * rowHeight else { return nil }
        return (y - padding) / rowHeight
    }
}
