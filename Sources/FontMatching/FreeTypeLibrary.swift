import CFonts

/// One FreeType library instance: made with a font set, freed after the last face that uses it
/// (each `FontFace` holds it).
public final class FreeTypeLibrary {
    let handle: FT_Library

    public init?() {
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else { return nil }
        handle = library
    }

    deinit { FT_Done_FreeType(handle) }
}
