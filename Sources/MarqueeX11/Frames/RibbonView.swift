import CX11
import MarqueeCore

/// A ribbon's pixmap and what it holds, as a plain value: the frames of a batch are checked
/// against these (stamps and ranges compared) without touching the ribbons themselves, so a
/// frame shown from a ribbon already painted costs no reference counting, only its request.
struct RibbonView {
    private(set) var pixmap: Pixmap = 0
    private var width = 0
    private var height = 0
    private var range = 0..<0
    /// The stamp of the strip the ribbon holds the pixels of; nil: no view (nothing painted).
    private var stamp: UInt64?

    init() {}

    init(_ ribbon: Ribbon) {
        pixmap = ribbon.pixmap
        width = ribbon.width
        height = ribbon.height
        if let extent = ribbon.extent {
            range = extent.range
            stamp = extent.stamp
        }
    }

    /// The offset a frame showing strip positions `visible` of the strip stamped `stripStamp` is
    /// presented at from this ribbon (`width` × `height`); nil when the ribbon cannot show it as
    /// it is (the ribbon itself then decides, and may be painted again).
    func offset(showing visible: Range<Int>, of stripStamp: UInt64?, width: Int, height: Int) -> Int? {
        guard let stamp, stamp == stripStamp, self.width == width, self.height == height,
              range.lowerBound <= visible.lowerBound, visible.upperBound <= range.upperBound else { return nil }
        return range.lowerBound - visible.lowerBound
    }
}
