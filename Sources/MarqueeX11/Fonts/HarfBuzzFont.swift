import CX11

/// HarfBuzz's view of one font Xft draws with: the same file and face index (so glyph ids are
/// the ones Xft draws), scaled to the slot's pixel size in 26.6, with HarfBuzz's own OpenType
/// functions (unhinted advances and GPOS positions, as `hb-shape` and Pango use). Owns the
/// blob, the face and the font.
final class HarfBuzzFont {
    let font: OpaquePointer
    private let face: OpaquePointer
    private let blob: OpaquePointer

    /// Nil when the file cannot be read (then the slot's text cannot be shaped with this font).
    init?(file: String, index: Int32, pixelSize: Double) {
        guard let blob = hb_blob_create_from_file_or_fail(file) else { return nil }
        self.blob = blob
        face = hb_face_create(blob, UInt32(truncatingIfNeeded: max(index, 0)))
        font = hb_font_create(face)
        let scale = Int32(clamping: Int((pixelSize * 64).rounded()))
        hb_font_set_scale(font, scale, scale)
    }

    deinit {
        hb_font_destroy(font)
        hb_face_destroy(face)
        hb_blob_destroy(blob)
    }

    /// The scale HarfBuzz shapes at: the pixel size in 1/64 px (what `hb-shape --font-size` takes).
    var scale: Int32 {
        var x: Int32 = 0, y: Int32 = 0
        hb_font_get_scale(font, &x, &y)
        return x
    }
}
