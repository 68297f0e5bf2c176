import CRaster

/// One glyph rasterized at one sub-pixel phase: a coverage mask (a8) to be filled with the run's
/// colour, or a colour image (premultiplied a8r8g8b8, emoji) drawn as it is. `left` and `top`
/// place it against the pen's whole pixel and the baseline. Owns its pixman image.
public final class GlyphImage {
    let image: OpaquePointer
    let left: Int
    let top: Int
    let width: Int
    let height: Int
    let isColour: Bool

    init(image: OpaquePointer, left: Int, top: Int, isColour: Bool) {
        self.image = image
        self.left = left
        self.top = top
        width = Int(pixman_image_get_width(image))
        height = Int(pixman_image_get_height(image))
        self.isColour = isColour
    }

    deinit { pixman_image_unref(image) }

    /// Memory its pixels take (what the glyph cache counts).
    var bytes: Int { Int(pixman_image_get_stride(image)) * height + 64 }
}
