import CRaster

/// One FreeType library instance: made with the rasterizer, freed after the last face that uses
/// it (each `RasterFace` holds it).
final class FreeTypeLibrary {
    let handle: FT_Library

    init?() {
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else { return nil }
        handle = library
    }

    deinit { FT_Done_FreeType(handle) }
}
