import MarqueeCore
import TileRaster

/// The tiles of the contents on the strip, one canvas per tile and sub-pixel phase, painted by
/// the rasterizer the first time a frame needs them and composed from into the frame buffers
/// (nothing is uploaded: the buffers are shared memory). Kept while frames use them, freed here.
///
/// As on X11 only tiles in (or near) view exist, so memory follows the window, not the text.
final class CanvasTiles {
    private typealias Key = TileKey

    private struct Entry {
        let canvas: TileCanvas
        var lastUsedFrame: UInt64
    }

    private(set) var painter: TilePainter
    private var tiles: [Key: Entry] = [:]

    init(painter: TilePainter) {
        self.painter = painter
    }

    var count: Int { tiles.count }

    /// Tile `index` of `content` at `phase`, painted first if needed; nil when pixman cannot
    /// make its pixels.
    func canvas(of content: CycleContent, tile index: Int, phase: Int, frame: UInt64) -> TileCanvas? {
        let key = Key(content: content.id, tile: index, phase: phase)
        if let entry = tiles[key] {
            tiles[key]?.lastUsedFrame = frame
            return entry.canvas
        }
        let width = min(StripGeometry.tileWidth, content.unitWidth - index * StripGeometry.tileWidth)
        guard let canvas = TileCanvas(width: width, height: max(painter.height, 1), format: painter.format) else { return nil }
        painter.paint(tile: index, of: content, phase: phase, into: canvas)
        tiles[key] = Entry(canvas: canvas, lastUsedFrame: frame)
        return canvas
    }

    /// Frees the tiles not used since frame `frame` once more than `budget` exist.
    func evict(olderThan frame: UInt64, budget: Int) {
        guard tiles.count > budget else { return }
        tiles = tiles.filter { $0.value.lastUsedFrame >= frame }
    }

    /// Drops every tile: after a change of colour, height, font or item box they are painted anew.
    func releaseAll() { tiles.removeAll() }

    /// Paints from now on with `newPainter` (another font or item box).
    func replacePainter(with newPainter: TilePainter) {
        releaseAll()
        painter = newPainter
    }
}
