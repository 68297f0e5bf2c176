import CX11
import MarqueeCore

/// Paints tiles of a content: the background, each message's capsule, the `%{B…}` boxes, then
/// every shaped glyph in its run's colour, by glyph id, at the position the layout shaped it at
/// (rounded once, from the 26.6 pen), on its font slot's own baseline.
final class TilePainter {
    private let connection: XConnection
    private let font: FontSet
    private var colors = ColorCache()
    private let draw: OpaquePointer
    private var specs: [XftGlyphFontSpec] = []
    private(set) var height: Int
    /// Each font slot's baseline, its ascent + descent box centred in the strip.
    private var baselines: [Int] = []
    private let capsules: CapsulePainter?

    private var foreground: RGBAColor
    private var background: RGBAColor

    init(connection: XConnection, font: FontSet, foreground: RGBAColor, background: RGBAColor,
         capsule: CapsuleStyle?, height: Int) {
        self.connection = connection
        self.foreground = foreground
        self.background = background
        self.font = font
        draw = XftDrawCreate(connection.display, connection.root, connection.visual, connection.colormap)
        capsules = capsule.map { CapsulePainter(connection: connection, style: $0) }
        self.height = height
        setHeight(height)
    }

    deinit { XftDrawDestroy(draw) }

    /// Tiles painted from now on use these colours.
    func setColors(foreground: RGBAColor, background: RGBAColor) {
        self.foreground = foreground
        self.background = background
    }

    /// A painter for another font or item box, with the same colours and height.
    func with(font: FontSet, capsule: CapsuleStyle?) -> TilePainter {
        TilePainter(connection: connection, font: font, foreground: foreground,
                    background: background, capsule: capsule, height: height)
    }

    var backgroundPixel: UInt { colors.resource(for: background, on: connection).pixel }

    /// Text is centred vertically on its ascent + descent box, each slot on its own.
    func setHeight(_ newHeight: Int) {
        height = newHeight
        baselines = (0..<font.slotCount).map { slot in
            (newHeight - font.ascent(slot: slot) - font.descent(slot: slot)) / 2 + font.ascent(slot: slot)
        }
    }

    /// Paints tile `index` of `content` into `pixmap`, which is `tileWidth` × `rows` pixels.
    func paint(tile index: Int, of content: CycleContent, into pixmap: Pixmap, tileWidth: Int, rows: Int) {
        let tileStart = index * StripGeometry.tileWidth
        XftDrawChange(draw, pixmap)
        fill(background, x: 0, width: tileWidth, top: 0, bottom: rows)
        let layout = content.layout
        let cycle = layout.width
        // Glyphs may overhang their advance (italics, wide bearings): draw neighbours too.
        let margin = font.height
        for copy in 0..<content.copiesPerUnit {
            let copyStart = copy * cycle
            let lower = tileStart - copyStart - margin
            let upper = tileStart + tileWidth - copyStart + margin
            guard upper > 0 && lower < cycle else { continue }
            let offset = copyStart - tileStart
            let chunks = layout.chunks(overlapping: max(lower, 0), min(upper, cycle))
            // Boxes first, all of them, so no box covers a neighbour's overhanging glyph.
            if let capsules {
                capsules.paint(messagesOf: layout, from: max(lower, 0), to: min(upper, cycle), offset: offset,
                               height: rows, fontHeight: font.height, on: XftDrawPicture(draw))
            }
            // `%{B…}` boxes fill the strip's height, or the capsule's band when messages have capsules.
            let band = capsules == nil ? (top: 0, bottom: rows) : CapsulePainter.band(height: rows, fontHeight: font.height)
            for chunk in chunks {
                if let box = chunk.style.background {
                    fill(box, x: offset + chunk.x, width: chunk.width, top: band.top, bottom: band.bottom)
                }
            }
            for chunk in chunks { drawGlyphs(of: chunk, offset: offset) }
        }
    }

    private func fill(_ color: RGBAColor, x: Int, width: Int, top: Int, bottom: Int) {
        guard width > 0, bottom > top else { return }
        let resource = colors.resource(for: color, on: connection)
        XftDrawRect(draw, &resource.color, Int32(clamping: x), Int32(top), UInt32(width), UInt32(bottom - top))
    }

    /// Draws a chunk's glyphs; `offset` is where the cycle starts in the tile.
    private func drawGlyphs(of chunk: PlacedChunk, offset: Int) {
        let style = chunk.style
        let baseline = baselines[style.font >= 0 && style.font < baselines.count ? style.font : 0]
        specs.removeAll(keepingCapacity: true)
        for piece in chunk.pieces {
            for glyph in piece.shape.glyphs {
                specs.append(XftGlyphFontSpec(font: font.xftFont(glyph.font), glyph: FT_UInt(glyph.glyph),
                                              x: Int16(clamping: offset + chunk.x(of: glyph, in: piece)),
                                              y: Int16(clamping: baseline - pixels(Int(glyph.y)))))
            }
        }
        guard !specs.isEmpty else { return }
        let resource = colors.resource(for: style.foreground ?? foreground, on: connection)
        XftDrawGlyphFontSpec(draw, &resource.color, &specs, Int32(specs.count))
    }
}

/// The Xft colours in use, allocated once each (runs share a handful of colours).
struct ColorCache {
    private var resources: [RGBAColor: ColorResource] = [:]

    mutating func resource(for color: RGBAColor, on connection: XConnection) -> ColorResource {
        if let resource = resources[color] { return resource }
        let resource = ColorResource(connection: connection, rgba: color)
        resources[color] = resource
        return resource
    }
}
