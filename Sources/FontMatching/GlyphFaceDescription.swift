/// What one font face is opened as: the file and face index, the pixel size text is shaped and
/// drawn at, the pattern's matrix (synthetic oblique, a scaled bitmap strike) and the rendering
/// options the desktop asked for. Fontconfig's match fills it; tests give a file directly.
public struct GlyphFaceDescription: Hashable, Sendable {
    public enum Hinting: Hashable, Sendable {
        /// Outlines as designed.
        case none
        /// Vertical hinting only (FreeType's light target): stems snap to rows, while horizontal
        /// positions stay as shaped, which sub-pixel placement needs.
        case vertical
    }

    public var file: String
    public var index: Int
    public var pixelSize: Double
    /// Row-major 2×2 matrix applied on top of the pixel size (identity: none).
    public var matrix: [Double]
    public var hinting: Hinting
    public var antialias: Bool
    /// Synthetic bold (fontconfig's `embolden`, for a family with no bold face).
    public var embolden: Bool

    public init(file: String, index: Int, pixelSize: Double, matrix: [Double] = [1, 0, 0, 1],
                hinting: Hinting = .vertical, antialias: Bool = true, embolden: Bool = false) {
        self.file = file
        self.index = index
        self.pixelSize = pixelSize
        self.matrix = matrix.count == 4 ? matrix : [1, 0, 0, 1]
        self.hinting = hinting
        self.antialias = antialias
        self.embolden = embolden
    }

    public var hasTransform: Bool { matrix != [1, 0, 0, 1] }
}
