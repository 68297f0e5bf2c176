import MarqueeCore

/// Paints the tiles of a content at a sub-pixel phase: the background, each message's capsule,
/// the `%{B…}` boxes, then every shaped glyph in its run's colour, by glyph id, at the exact
/// position the layout shaped it at (the 26.6 pen, to 1/`SubpixelGrid.steps` px), on its font
/// slot's own baseline. Backend-neutral: a backend uploads or composes the canvas it paints.
///
/// Phase `p` shows the strip `p` / `SubpixelGrid.steps` px further on than phase 0, so the
/// frame at strip position k + p/steps copies the same tile columns as the frame at k, from the
/// tile of phase p: everything in it is drawn that much further left.
public final class TilePainter {
    /// A font slot's vertical metrics (its ascent + descent box is centred in the strip).
    public struct SlotMetrics: Sendable {
        public var ascent: Int
        public var descent: Int
        public init(ascent: Int, descent: Int) {
            self.ascent = ascent
            self.descent = descent
        }
    }

    public let glyphs: GlyphRasterizer
    private let slots: [SlotMetrics]
    public private(set) var height: Int
    private var baselines: [Int] = []
    public private(set) var foreground: RGBAColor
    public private(set) var background: RGBAColor
    public let capsule: CapsuleStyle?
    public let format: TileCanvas.Format

    public init(glyphs: GlyphRasterizer, slots: [SlotMetrics], foreground: RGBAColor, background: RGBAColor,
                capsule: CapsuleStyle?, height: Int, format: TileCanvas.Format) {
        self.glyphs = glyphs
        self.slots = slots.isEmpty ? [SlotMetrics(ascent: 0, descent: 0)] : slots
        self.foreground = foreground
        self.background = background
        self.capsule = capsule
        self.height = height
        self.format = format
        setHeight(height)
    }

    /// Slot 0's ascent + descent: what capsules and overhang margins are sized by.
    private var fontHeight: Int { slots[0].ascent + slots[0].descent }

    /// Tiles painted from now on use these colours.
    public func setColors(foreground: RGBAColor, background: RGBAColor) {
        self.foreground = foreground
        self.background = background
    }

    /// Text is centred vertically on its ascent + descent box, each slot on its own.
    public func setHeight(_ newHeight: Int) {
        height = newHeight
        baselines = slots.map { (newHeight - $0.ascent - $0.descent) / 2 + $0.ascent }
    }

    /// Paints tile `index` of `content` at `phase` (0..<`SubpixelGrid.steps`) into `canvas`,
    /// which is as wide as the tile.
    public func paint(tile index: Int, of content: CycleContent, phase: Int, into canvas: TileCanvas) {
        paint(from: index * StripGeometry.tileWidth, of: content, phase: phase, into: canvas)
    }

    /// Paints `content`'s columns from `start` (0..<`unitWidth`) on, as many as `canvas` is
    /// wide, at `phase`: the pixels the same columns of its tiles hold, painted straight where
    /// they are shown (a Wayland ribbon) instead of through a kept tile. `rise`: everything
    /// drawn that many 1/`SubpixelGrid.steps` px higher (a roll's vertical phase, `RollFrame`),
    /// each glyph rasterized there.
    public func paint(from start: Int, of content: CycleContent, phase: Int, rise: Int = 0, into canvas: TileCanvas) {
        let width = canvas.width, rows = canvas.height
        canvas.fill(background)
        let layout = content.layout
        let cycle = layout.width
        let shift = Double(phase) / Double(SubpixelGrid.steps)
        let up = Double(rise) / Double(SubpixelGrid.steps)
        // Glyphs may overhang their advance (italics, wide bearings): draw neighbours too.
        let margin = fontHeight + 1
        for copy in 0..<content.copiesPerUnit {
            let copyStart = copy * cycle
            let lower = start - copyStart - margin
            let upper = start + width - copyStart + margin
            guard upper > 0 && lower < cycle else { continue }
            let offset = copyStart - start
            let chunks = layout.chunks(overlapping: max(lower, 0), min(upper, cycle))
            // Boxes first, all of them, so no box covers a neighbour's overhanging glyph.
            if let capsule {
                paintCapsules(capsule, of: layout, from: max(lower, 0), to: min(upper, cycle),
                              left: Double(offset) - shift, up: up, rows: rows, into: canvas)
            }
            // `%{B…}` boxes fill the strip's height, or the capsule's band when messages have capsules.
            let band = capsule == nil ? (top: 0, bottom: rows) : CapsuleOutline.band(height: rows, fontHeight: fontHeight)
            for chunk in chunks {
                if let box = chunk.style.background {
                    let left = Double(offset + chunk.x) - shift
                    let top = Double(band.top) - up, bottom = Double(band.bottom) - up, right = left + Double(chunk.width)
                    canvas.fillPolygon([(left, top), (right, top), (right, bottom), (left, bottom)], color: box)
                }
            }
            for chunk in chunks { drawGlyphs(of: chunk, pen: (offset << 6) - phase * (64 / SubpixelGrid.steps), rise: rise, into: canvas) }
        }
    }

    private func paintCapsules(_ capsule: CapsuleStyle, of layout: CycleLayout, from lower: Int, to upper: Int, left: Double,
                               up: Double, rows: Int, into canvas: TileCanvas) {
        guard !layout.messageStarts.isEmpty, lower < upper else { return }
        let band = CapsuleOutline.band(height: rows, fontHeight: fontHeight)
        var index = layout.messageIndex(containing: lower)
        while index < layout.messageStarts.count && layout.messageStarts[index] < upper {
            let start = layout.messageStarts[index], end = layout.messageEnds[index]
            if end > lower && end > start {
                let outline = CapsuleOutline.points(left: Double(start) + left, right: Double(end) + left,
                                                    top: Double(band.top) - up, bottom: Double(band.bottom) - up, radius: capsule.radius)
                canvas.fillPolygon(outline, color: capsule.color)
            }
            index += 1
        }
    }

    /// The baseline of font slot `slot` in the strip.
    public func baseline(slot: Int) -> Int { baselines[slot >= 0 && slot < baselines.count ? slot : 0] }

    /// Draws a chunk's glyphs; `pen` (1/64 px) is where the cycle starts in the tile, the phase
    /// already taken off.
    private func drawGlyphs(of chunk: PlacedChunk, pen: Int, rise: Int, into canvas: TileCanvas) {
        let baseline = baseline(slot: chunk.style.font)
        let color = chunk.style.foreground ?? foreground
        for piece in chunk.pieces {
            draw(piece.shape.glyphs, pen: pen + piece.pen + chunk.penShift, baseline: baseline, rise: rise, color: color, into: canvas)
        }
    }

    /// Draws shaped glyphs whose origin is `pen` (1/64 px from the canvas's left edge, any
    /// fraction) on `baseline` (raised by `rise` / `SubpixelGrid.steps` px), each at its shaped
    /// position rounded to the sub-pixel grid.
    public func draw(_ shaped: [ShapedGlyph], pen: Int, baseline: Int, rise: Int = 0, color: RGBAColor, into canvas: TileCanvas) {
        for glyph in shaped {
            let (x, phase) = SubpixelGrid.split(units26: pen + Int(glyph.x))
            guard let image = glyphs.image(face: glyph.font, glyph: glyph.glyph, phase: phase, rise: rise) else { continue }
            canvas.draw(image, x: x + image.left, y: baseline - pixels(Int(glyph.y)) - image.top, color: color)
        }
    }
}
