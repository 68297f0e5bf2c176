import CX11
import TileRaster

/// One lane of the X11 bar: its compositor (its own tiles, ribbons and look), the surface its
/// frames go to (the ticker's window when it is the only lane, else a `LaneWindow` of its own
/// at its row) and the label standing at its start edge. Owns the lane window and the label.
final class X11Lane {
    let compositor: Compositor
    /// Nil for a bar of one lane: its frames go to the ticker's window.
    let window: LaneWindow?
    /// The lane's label, a child of its surface (`X11Backend+Label`).
    var label: LabelWindow?
    /// The lane's row in the ticker's window and its height.
    private(set) var y: Int
    private(set) var height: Int

    init(compositor: Compositor, window: LaneWindow?, y: Int, height: Int) {
        self.compositor = compositor
        self.window = window
        self.y = y
        self.height = height
    }

    /// The crawl's width: the bar's beside the label.
    func crawlWidth(barWidth: Int) -> Int { max(0, barWidth - (label?.width ?? 0)) }

    /// At row `y`, `height` tall in a bar `width` wide: its window moved and its tiles painted
    /// for the new height.
    func place(y newY: Int, height newHeight: Int, width: Int) {
        y = newY
        height = newHeight
        window?.place(y: newY, width: width, height: newHeight)
        compositor.resize(height: newHeight)
    }
}
