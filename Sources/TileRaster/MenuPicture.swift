import FontMatching
import MarqueeCore

/// The bar's menu as pixels, the same on every display: its labels shaped once by HarfBuzz
/// with the ticker's own font and drawn glyph by glyph like the strip's text, in the ticker's
/// colours; the lit row in the colours swapped, a border in the text's colour. Sized by the
/// font, so it scales with the DPI (and an output's scale) as the bar does.
public final class MenuPicture {
    public let layout: MenuLayout
    /// The menu's background (the ticker's, opaque).
    public var background: RGBAColor { painter.background }
    private let labels: [ShapedText]
    private let painter: TilePainter
    private let border: Int

    /// `look`'s background painted opaque: a menu is read over whatever lies under it.
    public init(menu: MenuModel, font: FontSet, look: TickerLook, format: TileCanvas.Format) {
        labels = menu.labels.map { font.shape($0) }
        layout = MenuLayout(fontHeight: font.height, labelWidths: labels.map { pixels($0.advance) })
        painter = TilePainter(font: font, look: look, background: look.shownBackground(alphaShows: false),
                              height: layout.rowHeight, format: format)
        border = max(1, font.height / 16)
    }

    /// Paints the whole menu into `canvas` (as large as `layout`), row `highlighted` lit.
    public func paint(highlighted: Int?, into canvas: TileCanvas) {
        let foreground = painter.foreground, background = painter.background
        canvas.fill(foreground)
        canvas.fill(background, left: Double(border), right: Double(layout.width - border),
                    top: border, bottom: layout.height - border)
        for (index, label) in labels.enumerated() {
            let top = layout.rowTop(index)
            guard let row = canvas.rows(from: top, count: layout.rowHeight) else { continue }
            let lit = index == highlighted
            if lit {
                row.fill(foreground, left: Double(layout.padding), right: Double(layout.width - layout.padding),
                         top: 0, bottom: layout.rowHeight)
            }
            painter.draw(label.glyphs, pen: layout.labelLeft << 6, baseline: painter.baseline(slot: 0),
                         color: lit ? background : foreground, into: row)
        }
    }
}
