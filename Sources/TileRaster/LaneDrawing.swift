import FontMatching
import MarqueeCore

/// What a backend draws one lane with: its font, its look, and its height in device pixels
/// (lanes are stacked top to bottom, each as tall as this).
public struct LaneDrawing {
    public var font: FontSet
    public var look: TickerLook
    public var height: Int

    public init(font: FontSet, look: TickerLook, height: Int) {
        self.font = font
        self.look = look
        self.height = height
    }
}
