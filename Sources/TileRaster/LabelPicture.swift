import FontMatching
import MarqueeCore

/// A lane's label as pixels, the same on every display: its text shaped once by HarfBuzz with
/// the ticker's font (tabular digits, so a clock's label keeps its width from second to
/// second) and drawn glyph by glyph like the strip's text, on its own background, as tall as
/// the bar and as wide as the text and its margins.
public final class LabelPicture {
    public let label: LaneLabel
    /// The font it was shaped and drawn with (a new one means drawing it again).
    public let font: FontSet
    public let width: Int
    public let height: Int
    private let shaped: ShapedText
    private let painter: TilePainter
    private let padding: Int

    /// The label's background is painted opaque: the crawl beside it never shows through.
    public init(label: LaneLabel, font: FontSet, height: Int, format: TileCanvas.Format) {
        self.label = label
        self.font = font
        self.height = height
        shaped = font.shape(label.text, as: ShapingRun(tabularDigits: true))
        padding = LaneLabel.padding(fontHeight: font.height)
        width = pixels(shaped.advance) + 2 * padding
        let look = TickerLook(foreground: label.foreground, background: label.background.opaque)
        painter = TilePainter(font: font, look: look, background: look.background, height: height, format: format)
    }

    /// Paints the label into `canvas` (`width` × `height`).
    public func paint(into canvas: TileCanvas) {
        canvas.fill(painter.background)
        painter.draw(shaped.glyphs, pen: padding << 6, baseline: painter.baseline(slot: 0), color: painter.foreground, into: canvas)
    }

    /// The label painted into a canvas of its own; nil when no pixels can be had.
    public func canvas() -> TileCanvas? {
        guard let canvas = TileCanvas(width: width, height: height, format: painter.format) else { return nil }
        paint(into: canvas)
        return canvas
    }
}
