import CX11
import MarqueeCore

/// The tiles of the contents on the strip: each painted the first time a frame needs it, kept
/// while frames use it, freed here and nowhere else.
///
/// Only tiles in (or near) view exist: a 10 MB text has thousands of possible tiles but keeps a
/// handful of pixmaps, so memory and frame cost follow the window, not the text.
final class TileCache {
    private struct Key: Hashable {
        let content: UInt64
        let tile: Int
    }

    private struct Entry {
        let pixmap: Pixmap
        var lastUsedFrame: UInt64
    }

    private let connection: XConnection
    private(set) var painter: TilePainter
    private var tiles: [Key: Entry] = [:]
    /// The tiles the last frames used, looked up before the dictionary: a frame copies from two
    /// or three tiles, and hashing a key costs more than comparing four.
    private var recent: [(key: Key, pixmap: Pixmap)] = []

    init(connection: XConnection, painter: TilePainter) {
        self.connection = connection
        self.painter = painter
    }

    deinit { releaseAll() }

    var count: Int { tiles.count }

    /// The pixmap of tile `index` of `content`, painted first if needed.
    func pixmap(of content: CycleContent, tile index: Int, frame: UInt64) -> Pixmap {
        let key = Key(content: content.id, tile: index)
        for entry in recent where entry.key == key { return entry.pixmap }
        if recent.count == 4 { recent.removeFirst() }
        if let entry = tiles[key] {
            tiles[key]?.lastUsedFrame = frame
            recent.append((key, entry.pixmap))
            return entry.pixmap
        }
        let width = min(StripGeometry.tileWidth, content.unitWidth - index * StripGeometry.tileWidth)
        let rows = max(painter.height, 1)
        let pixmap = XCreatePixmap(connection.display, connection.root, UInt32(width), UInt32(rows), UInt32(connection.depth))
        painter.paint(tile: index, of: content, into: pixmap, tileWidth: width, rows: rows)
        tiles[key] = Entry(pixmap: pixmap, lastUsedFrame: frame)
        recent.append((key, pixmap))
        return pixmap
    }

    /// Frees the tiles not used since frame `frame` once more than `budget` exist (contents that
    /// left the strip go this way too); the recent ones count as used at `current`.
    func evict(olderThan frame: UInt64, budget: Int, current: UInt64) {
        for entry in recent { tiles[entry.key]?.lastUsedFrame = current }
        guard tiles.count > budget else { return }
        for (key, entry) in tiles where entry.lastUsedFrame < frame {
            XFreePixmap(connection.display, entry.pixmap)
            tiles[key] = nil
        }
    }

    /// Drops every tile: after a change of colour, height, font or item box they are painted anew.
    func releaseAll() {
        for entry in tiles.values { XFreePixmap(connection.display, entry.pixmap) }
        tiles.removeAll()
        recent.removeAll()
    }

    /// Paints from now on with `newPainter` (another font or item box).
    func replacePainter(with newPainter: TilePainter) {
        releaseAll()
        painter = newPainter
    }
}
