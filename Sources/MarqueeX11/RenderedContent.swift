import CX11
import MarqueeCore

/// One content's pixels: its cycle repeated into a unit, cut into tiles rendered on demand.
///
/// Only tiles in (or near) view exist: a 10 MB text has thousands of possible tiles but keeps a
/// handful of pixmaps, so memory and frame cost follow the window, not the text.
final class RenderedContent: StripContent {
    let layout: CycleLayout
    let unitWidth: Int
    let copiesPerUnit: Int
    private var tiles: [Int: Tile] = [:]
    private let connection: XConnection

    struct Tile {
        var pixmap: Pixmap
        var lastUsedFrame: UInt64
    }

    init(layout: CycleLayout, connection: XConnection) {
        self.layout = layout
        self.connection = connection
        copiesPerUnit = layout.width > 0 ? StripGeometry.copiesPerUnit(cycle: layout.width) : 0
        unitWidth = layout.width * copiesPerUnit
    }

    deinit { releaseTiles() }

    /// The pixmap of tile `index`, painting it first if needed.
    func tile(_ index: Int, frame: UInt64, painter: TilePainter) -> Pixmap {
        if var tile = tiles[index] {
            tile.lastUsedFrame = frame
            tiles[index] = tile
            return tile.pixmap
        }
        let pixmap = painter.paint(tile: index, of: self)
        tiles[index] = Tile(pixmap: pixmap, lastUsedFrame: frame)
        return pixmap
    }

    /// Frees tiles not used by the last few frames once more than `budget` exist.
    func evict(olderThan frame: UInt64, budget: Int) {
        guard tiles.count > budget else { return }
        for (index, tile) in tiles where tile.lastUsedFrame < frame {
            XFreePixmap(connection.display, tile.pixmap)
            tiles[index] = nil
        }
    }

    /// Drops every tile (after a height or colour change they must be painted again).
    func releaseTiles() {
        for tile in tiles.values { XFreePixmap(connection.display, tile.pixmap) }
        tiles.removeAll()
    }
}
