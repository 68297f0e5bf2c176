import CX11
import MarqueeCore
import TileRaster

/// The tiles of the contents on the strip, one pixmap per tile and sub-pixel phase: each painted
/// by the rasterizer the first time a frame needs it, uploaded, kept while frames use it, freed
/// here and nowhere else.
///
/// Only tiles in (or near) view exist: a 10 MB text has thousands of possible tiles but keeps a
/// handful of pixmaps, so memory and frame cost follow the window, not the text. A whole-pixel
/// speed uses phase 0 only; a fractional one the few phases its steps land on.
final class TileCache {
    private typealias Key = TileKey

    private struct Entry {
        let pixmap: Pixmap
        var lastUsedFrame: UInt64
    }

    private let connection: XConnection
    private let gc: GC
    private(set) var painter: TilePainter
    private var tiles: [Key: Entry] = [:]
    /// The tiles the last frames used, looked up before the dictionary: a frame copies from two
    /// or three tiles, and hashing a key costs more than comparing four.
    private var recent: [(key: Key, pixmap: Pixmap)] = []
    /// The pixels the last tile was painted in, reused for the next one of the same size.
    private var canvas: TileCanvas?

    /// `gc` is the compositor's, of the window's depth (the tiles' too).
    init(connection: XConnection, gc: GC, painter: TilePainter) {
        self.connection = connection
        self.gc = gc
        self.painter = painter
    }

    deinit { releaseAll() }

    var count: Int { tiles.count }

    /// The pixmap of tile `index` of `content` at `phase`, painted first if needed.
    func pixmap(of content: CycleContent, tile index: Int, phase: Int, frame: UInt64) -> Pixmap {
        let key = Key(content: content.id, tile: index, phase: phase)
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
        if canvas?.width != width || canvas?.height != rows {
            canvas = TileCanvas(width: width, height: rows, format: connection.surface.hasAlpha ? .argb : .rgb)
        }
        if let canvas {
            painter.paint(tile: index, of: content, phase: phase, into: canvas)
            upload(canvas, to: pixmap)
        }
        tiles[key] = Entry(pixmap: pixmap, lastUsedFrame: frame)
        recent.append((key, pixmap))
        return pixmap
    }

    /// Copies a painted canvas into a pixmap: its 32-bit pixels are a ZPixmap image of the
    /// visual as they are (x8r8g8b8 or premultiplied a8r8g8b8, in the client's byte order, which
    /// Xlib tells the server).
    private func upload(_ canvas: TileCanvas, to pixmap: Pixmap) {
        let data = canvas.pixels.assumingMemoryBound(to: CChar.self)
        guard let image = XCreateImage(connection.display, connection.visual, UInt32(connection.depth), ZPixmap, 0, data,
                                       UInt32(canvas.width), UInt32(canvas.height), 32, Int32(canvas.stride)) else { return }
        XPutImage(connection.display, pixmap, gc, image, 0, 0, 0, 0, UInt32(canvas.width), UInt32(canvas.height))
        // The pixels are the canvas's: the image must not free them.
        image.pointee.data = nil
        _ = xm_destroy_image(image)
    }

    /// Frees the tiles not used since frame `frame` once more than `budget` exist (contents that
    /// left the strip go this way too); the recent ones count as used at `current`.
    func evict(olderThan frame: UInt64, budget: Int, current: UInt64) {
        guard tiles.count > budget else { return }
        for entry in recent { tiles[entry.key]?.lastUsedFrame = current }
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
