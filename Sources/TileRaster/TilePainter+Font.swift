import FontMatching
import MarqueeCore

extension TilePainter {
    /// A painter for `font`'s glyphs in `style`'s colours and item box over `background` (the
    /// style's, or its opaque form where no compositor blends alpha), in `format`.
    public convenience init(font: FontSet, style: TickerStyle, background: RGBAColor, height: Int, format: TileCanvas.Format) {
        self.init(glyphs: GlyphRasterizer { number in font.glyphFace(number) }, slots: font.slotMetrics,
                  foreground: style.foreground, background: background, capsule: style.capsule, height: height, format: format)
    }
}
