/// Where a popup menu goes on screen: at the pointer, opening down and right, turned up or left
/// when it would leave the monitor, and never over the bar it belongs to (a dock's edge): above
/// a bar at the bottom of the screen, below one at the top.
public enum MenuPlacement {
    public struct Rect: Equatable, Sendable {
        public var x, y, width, height: Int
        public init(x: Int, y: Int, width: Int, height: Int) {
            (self.x, self.y, self.width, self.height) = (x, y, width, height)
        }
        var right: Int { x + width }
        var bottom: Int { y + height }
    }

    /// The menu's top-left corner for a menu `width × height` asked for at `x, y` (screen
    /// pixels) on `monitor`, beside `bar` (the ticker's own window).
    public static func origin(width: Int, height: Int, at x: Int, _ y: Int, monitor: Rect, bar: Rect) -> (x: Int, y: Int) {
        var left = x + width <= monitor.right ? x : x - width
        left = min(max(left, monitor.x), monitor.right - width)
        left = max(left, monitor.x)
        // Below the bar when there is room under it, else above it: the menu never hides the bar.
        let below = bar.bottom, above = bar.y - height
        var top: Int
        if below + height <= monitor.bottom && (bar.y - monitor.y <= monitor.bottom - bar.bottom || above < monitor.y) {
            top = max(y, below)
        } else if above >= monitor.y {
            top = min(y - height, above)
        } else {
            top = y
        }
        top = min(max(top, monitor.y), monitor.bottom - height)
        return (left, max(top, monitor.y))
    }
}
