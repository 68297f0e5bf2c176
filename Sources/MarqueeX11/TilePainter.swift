import CX11
import MarqueeCore

/// Paints tiles of a content: background, then every glyph placed at its measured advance.
final class TilePainter {
    private let connection: XConnection
    private let font: FontFace
    private let advances: AdvanceCache
    private var foreground: ColorResource
    private var background: ColorResource
    private let draw: OpaquePointer
    private var specs: [XftGlyphFontSpec] = []
    private(set) var height: Int
    private var baseline: Int

    private var foregroundColor: RGBAColor
    private var backgroundColor: RGBAColor

    init(connection: XConnection, font: FontFace, advances: AdvanceCache, foreground: RGBAColor, background: RGBAColor, height: Int) {
        self.connection = connection
        foregroundColor = foreground
        backgroundColor = background
        self.font = font
        self.advances = advances
        self.foreground = ColorResource(connection: connection, rgba: foreground)
        self.background = ColorResource(connection: connection, rgba: background)
        draw = XftDrawCreate(connection.display, connection.root, connection.visual, connection.colormap)
        self.height = height
        baseline = 0
        setHeight(height)
    }

    deinit { XftDrawDestroy(draw) }

    /// Tiles painted from now on use these colours.
    func setColors(foreground: RGBAColor, background: RGBAColor) {
        foregroundColor = foreground
        backgroundColor = background
        self.foreground = ColorResource(connection: connection, rgba: foreground)
        self.background = ColorResource(connection: connection, rgba: background)
    }

    /// A painter for another font, with the same colours and height.
    func with(font: FontFace, advances: AdvanceCache) -> TilePainter {
        TilePainter(connection: connection, font: font, advances: advances, foreground: foregroundColor,
                    background: backgroundColor, height: height)
    }

    var backgroundPixel: UInt { background.pixel }

    /// Text is centred vertically on its ascent + descent box.
    func setHeight(_ newHeight: Int) {
        height = newHeight
        baseline = (newHeight - font.height) / 2 + font.ascent
    }

    func paint(tile index: Int, of content: RenderedContent) -> Pixmap {
        let tileStart = index * StripGeometry.tileWidth
        let tileWidth = min(StripGeometry.tileWidth, content.unitWidth - tileStart)
        let pixmap = XCreatePixmap(connection.display, connection.root, UInt32(tileWidth), UInt32(max(height, 1)),
                                   UInt32(connection.depth))
        XftDrawChange(draw, pixmap)
        XftDrawRect(draw, &background.color, 0, 0, UInt32(tileWidth), UInt32(max(height, 1)))
        let layout = content.layout
        let cycle = layout.width
        // Glyphs may overhang their advance (italics, wide bearings): draw neighbours too.
        let margin = font.height
        for copy in 0..<content.copiesPerUnit {
            let copyStart = copy * cycle
            let lower = tileStart - copyStart - margin
            let upper = tileStart + tileWidth - copyStart + margin
            guard upper > 0 && lower < cycle else { continue }
            for chunk in layout.chunks(overlapping: max(lower, 0), min(upper, cycle)) {
                var x = copyStart + chunk.x - tileStart
                specs.removeAll(keepingCapacity: true)
                for scalar in layout.scalars(of: chunk) {
                    specs.append(XftGlyphFontSpec(font: font.font, glyph: font.glyph(for: scalar),
                                                  x: Int16(clamping: x), y: Int16(clamping: baseline)))
                    x += advances.advance(of: scalar)
                }
                XftDrawGlyphFontSpec(draw, &foreground.color, &specs, Int32(specs.count))
            }
        }
        return pixmap
    }
}
