/// Where a bar goes and what it reserves: the window's frame and the EWMH strut.
///
/// `_NET_WM_STRUT_PARTIAL` holds 12 values: left, right, top, bottom, left_start_y, left_end_y,
/// right_start_y, right_end_y, top_start_x, top_end_x, bottom_start_x, bottom_end_x. They are
/// distances from the edges of the whole root window, not of the monitor: a top bar on a monitor
/// that starts at y = 300 reserves 300 + h, and a bottom bar on a monitor that ends above the
/// root's bottom edge reserves the gap below it as well. The start/end pair limits the
/// reservation to the monitor's own columns (end inclusive), so other monitors keep their space.
public struct DockPlacement: Equatable, Sendable {
    public let frame: ScreenRectangle
    public let partialStrut: [Int]

    public init(edge: BarEdge, height: Int, monitor: Monitor, rootHeight: Int) {
        let firstColumn = monitor.x
        let lastColumn = monitor.x + monitor.width - 1
        var strut = [Int](repeating: 0, count: 12)
        switch edge {
        case .top:
            frame = ScreenRectangle(x: monitor.x, y: monitor.y, width: monitor.width, height: height)
            strut[2] = monitor.y + height
            strut[8] = firstColumn
            strut[9] = lastColumn
        case .bottom:
            frame = ScreenRectangle(x: monitor.x, y: monitor.y + monitor.height - height, width: monitor.width, height: height)
            strut[3] = rootHeight - (monitor.y + monitor.height) + height
            strut[10] = firstColumn
            strut[11] = lastColumn
        }
        partialStrut = strut
    }

    /// The legacy `_NET_WM_STRUT`: the first four values (for window managers that predate
    /// the partial form; they reserve the whole edge).
    public var strut: [Int] { Array(partialStrut.prefix(4)) }
}
