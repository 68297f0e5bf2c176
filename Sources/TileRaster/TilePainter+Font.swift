import FontMatching
import MarqueeCore

extension TilePainter {
    /// A painter for `font`'s glyphs in `look`'s colours and item box over `background` (the
    /// look's, or its opaque form where no compositor blends alpha), in `format`.
    public convenience init(font: FontSet, look: TickerLook, background: RGBAColor, height: Int, format: TileCanvas.Format) {
        self.init(glyphs: GlyphRasterizer { number in font.glyphFace(number) }, slots: font.slotMetrics,
                  foreground: look.foreground, background: background, capsule: look.capsule, height: height, format: format)
    }
}
