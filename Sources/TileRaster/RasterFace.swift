import CFonts
import CRaster
import FontMatching
import Glibc
import MarqueeCore

/// Draws one font face's glyphs at sub-pixel phases. An outline is moved by the phase before it
/// is rendered (hinted vertically at most, so the shaped advances hold and every phase is a true
/// rasterization, not a resampled one); a bitmap strike (colour emoji) is scaled by the
/// pattern's matrix and placed at the phase through a box filter. The face, sized as the shaper
/// measured it, is the font set's (one FreeType face per file and size); this holds it.
final class RasterFace {
    private let font: FontFace
    private let face: FT_Face
    private let loadFlags: Int32
    private let renderMode: FT_Render_Mode
    private let embolden: Bool
    /// Strike pixels → drawn pixels, for a face of fixed-size bitmaps.
    private let bitmapScale: Double

    init(font: FontFace) {
        self.font = font
        face = font.ftFace
        let description = font.description
        embolden = description.embolden
        bitmapScale = font.bitmapScale
        if font.isScalable {
            // Embedded bitmaps cannot move by a fraction of a pixel: outlines only.
            var flags = Int32(FT_LOAD_NO_BITMAP)
            if !description.antialias {
                flags |= xmr_load_target_mono()
                renderMode = FT_RENDER_MODE_MONO
            } else {
                flags |= description.hinting == .none ? Int32(FT_LOAD_NO_HINTING) : xmr_load_target_light()
                renderMode = FT_RENDER_MODE_NORMAL
            }
            loadFlags = flags
        } else {
            loadFlags = Int32(FT_LOAD_COLOR)
            renderMode = FT_RENDER_MODE_NORMAL
        }
    }

    /// Glyph `glyph` with its origin `phase` / `SubpixelGrid.steps` px right of a whole pixel
    /// and `rise` / `SubpixelGrid.steps` px above one (a roll's vertical phase: the outline moved
    /// up after hinting, a true rasterization there as across); nil when it draws nothing (a
    /// space) or cannot be loaded.
    func render(glyph: UInt32, phase: Int, rise: Int = 0) -> GlyphImage? {
        guard FT_Load_Glyph(face, glyph, loadFlags) == 0, let slot = face.pointee.glyph else { return nil }
        if slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE {
            if embolden { FT_GlyphSlot_Embolden(slot) }
            FT_Outline_Translate(&slot.pointee.outline, FT_Pos(phase * 64 / SubpixelGrid.steps), FT_Pos(rise * 64 / SubpixelGrid.steps))
            guard FT_Render_Glyph(slot, renderMode) == 0 else { return nil }
            guard let mask = Self.image(of: slot.pointee.bitmap) else { return nil }
            return GlyphImage(image: mask, left: Int(slot.pointee.bitmap_left), top: Int(slot.pointee.bitmap_top),
                              isColour: false)
        }
        guard slot.pointee.format == FT_GLYPH_FORMAT_BITMAP else { return nil }
        let bitmap = slot.pointee.bitmap
        let isColour = bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_BGRA.rawValue)
        guard let source = Self.image(of: bitmap) else { return nil }
        defer { pixman_image_unref(source) }
        return scaled(source, left: Double(slot.pointee.bitmap_left), top: Double(slot.pointee.bitmap_top),
                      phase: Double(phase) / Double(SubpixelGrid.steps), rise: Double(rise) / Double(SubpixelGrid.steps),
                      isColour: isColour)
    }

    /// A bitmap glyph drawn at `bitmapScale`, moved right by `phase` px and up by `rise` px: each
    /// destination pixel averages the strike pixels it covers (a box filter, as cairo scales
    /// bitmap fonts).
    private func scaled(_ source: OpaquePointer, left: Double, top: Double, phase: Double, rise: Double, isColour: Bool) -> GlyphImage? {
        let scale = bitmapScale
        let width = Double(pixman_image_get_width(source)), height = Double(pixman_image_get_height(source))
        let drawnLeft = left * scale + phase, drawnTop = top * scale + rise
        let originX = Int(drawnLeft.rounded(.down)), originTop = Int(drawnTop.rounded(.up))
        let columns = Int((drawnLeft - Double(originX) + width * scale).rounded(.up))
        let rows = Int((Double(originTop) - drawnTop + height * scale).rounded(.up))
        guard columns > 0, rows > 0,
              let destination = pixman_image_create_bits(isColour ? PIXMAN_a8r8g8b8 : PIXMAN_a8, Int32(columns), Int32(rows), nil, 0)
        else { return nil }
        // Destination pixel → strike pixel.
        var transform = pixman_transform()
        pixman_transform_init_identity(&transform)
        transform.matrix.0.0 = xmr_fixed(1 / scale)
        transform.matrix.0.2 = xmr_fixed((Double(originX) - drawnLeft) / scale)
        transform.matrix.1.1 = xmr_fixed(1 / scale)
        transform.matrix.1.2 = xmr_fixed((drawnTop - Double(originTop)) / scale)
        pixman_image_set_transform(source, &transform)
        var count: Int32 = 0
        let footprint = xmr_fixed(max(1 / scale, 1))
        if let parameters = pixman_filter_create_separable_convolution(
            &count, footprint, footprint, PIXMAN_KERNEL_BOX, PIXMAN_KERNEL_BOX, PIXMAN_KERNEL_BOX, PIXMAN_KERNEL_BOX, 4, 4) {
            pixman_image_set_filter(source, PIXMAN_FILTER_SEPARABLE_CONVOLUTION, parameters, count)
            free(parameters)
        } else {
            pixman_image_set_filter(source, PIXMAN_FILTER_GOOD, nil, 0)
        }
        pixman_image_composite32(PIXMAN_OP_SRC, source, nil, destination, 0, 0, 0, 0, 0, 0, Int32(columns), Int32(rows))
        return GlyphImage(image: destination, left: originX, top: originTop, isColour: isColour)
    }

    /// A FreeType bitmap in an image of its own: grey or monochrome as a8 coverage, BGRA
    /// (premultiplied, as pixman's a8r8g8b8 is in memory on little-endian machines) as colour.
    private static func image(of bitmap: FT_Bitmap) -> OpaquePointer? {
        let width = Int(bitmap.width), rows = Int(bitmap.rows)
        let colour = bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_BGRA.rawValue)
        let mono = bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_MONO.rawValue)
        guard width > 0, rows > 0, let buffer = bitmap.buffer,
              let image = pixman_image_create_bits(colour ? PIXMAN_a8r8g8b8 : PIXMAN_a8, Int32(width), Int32(rows), nil, 0),
              let bits = pixman_image_get_data(image) else { return nil }
        let stride = Int(pixman_image_get_stride(image))
        let pixels = UnsafeMutableRawPointer(bits).assumingMemoryBound(to: UInt8.self)
        for row in 0..<rows {
            let source = buffer + row * Int(bitmap.pitch)
            let target = pixels + row * stride
            if mono {
                for column in 0..<width {
                    target[column] = source[column >> 3] & (0x80 >> UInt8(column & 7)) != 0 ? 0xFF : 0
                }
            } else {
                target.update(from: source, count: colour ? width * 4 : width)
            }
        }
        return image
    }
}
