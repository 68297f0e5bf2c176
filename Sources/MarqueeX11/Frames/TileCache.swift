import CX11
import MarqueeCore
import TileRaster

/// The tiles as X pixmaps: each painted by the rasterizer the first time a frame needs it,
/// uploaded once, and kept and freed by its `TileStore`.
final class TileCache {
    private let connection: XConnection
    private let gc: GC
    private let store: TileStore<Pixmap>
    /// The pixels the last tile was painted in, reused for the next one of the same size.
    private var canvas: TileCanvas?

    /// `gc` is the compositor's, of the window's depth (the tiles' too).
    init(connection: XConnection, gc: GC) {
        self.connection = connection
        self.gc = gc
        store = TileStore { pixmap in XFreePixmap(connection.display, pixmap) }
    }

    var count: Int { store.count }

    /// The pixmap of tile `index` of `content` at `phase`, painted by `painter` first if needed.
    func pixmap(of content: CycleContent, tile index: Int, phase: Int, painter: TilePainter) -> Pixmap {
        store.tile(of: content, index: index, phase: phase) { width in
            let rows = max(painter.height, 1)
            let pixmap = XCreatePixmap(connection.display, connection.root, UInt32(width), UInt32(rows), UInt32(connection.depth))
            if canvas?.width != width || canvas?.height != rows {
                canvas = TileCanvas(width: width, height: rows, format: painter.format)
            }
            if let canvas {
                painter.paint(tile: index, of: content, phase: phase, into: canvas)
                connection.put(canvas, into: pixmap, gc: gc)
            }
            return pixmap
        }!
    }


    /// Counts a frame; every few, frees the tiles no recent frame used (see `TileStore`).
    func endFrame(span: Int) { store.endFrame(span: span) }

    /// Drops every tile: after a change of colour, height, font or item box they are painted anew.
    func releaseAll() { store.releaseAll() }
}
