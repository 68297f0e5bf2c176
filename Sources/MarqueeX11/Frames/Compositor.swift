import CX11
import MarqueeCore

/// Turns frame plans into pixels: composes the window's view into a back buffer (tile copies,
/// background, edge fade) and hands it to the pacer, or copies it to the window at once. Owns
/// the one GC, the back buffers, the fade and the tile cache.
final class Compositor {
    private let connection: XConnection
    private let window: Window
    private let gc: GC
    private let buffers: BackBufferPool
    private let tiles: TileCache
    private var fade: EdgeFade?
    private var backgroundPixel: UInt
    private var frameNumber: UInt64 = 0

    init(connection: XConnection, window: TickerWindow, painter: TilePainter, fadeWidth: Int, background: RGBAColor) {
        self.connection = connection
        self.window = window.id
        var values = XGCValues()
        values.graphics_exposures = 0
        gc = XCreateGC(connection.display, window.id, UInt(GCGraphicsExposures), &values)
        buffers = BackBufferPool(connection: connection, width: window.width, height: window.height)
        tiles = TileCache(connection: connection, painter: painter)
        fade = EdgeFade(connection: connection, width: fadeWidth, background: background)
        backgroundPixel = painter.backgroundPixel
    }

    deinit { XFreeGC(connection.display, gc) }

    var painter: TilePainter { tiles.painter }

    /// Shows `plan` at vblank `counter` through `pacer`; false when every back buffer is still the
    /// server's (the pacer should try again at the next vblank).
    func show(_ plan: FramePlan, counter: UInt64, through pacer: FramePacer) -> Bool {
        guard let buffer = compose(plan) else { return false }
        if pacer.presentsBuffers {
            buffers.markBusy(buffer)
            pacer.present(buffer, counter: counter)
        } else {
            copyToWindow(buffer)
        }
        return true
    }

    /// Draws `plan` straight to the window, not waiting for a vblank: static text, exposures,
    /// resizes (where waiting would show the newly exposed area unpainted).
    func draw(_ plan: FramePlan) {
        guard let buffer = compose(plan) else { return }
        copyToWindow(buffer)
    }

    /// A buffer the server has finished showing.
    func bufferIdle(_ pixmap: Pixmap) { buffers.markIdle(pixmap) }

    private func copyToWindow(_ buffer: Pixmap) {
        XCopyArea(connection.display, buffer, window, gc, 0, 0, UInt32(buffers.width), UInt32(buffers.height), 0, 0)
    }

    /// Composes `plan` into an idle back buffer.
    private func compose(_ plan: FramePlan) -> Pixmap? {
        guard let buffer = buffers.acquire() else { return nil }
        let height = UInt32(buffers.height)
        frameNumber += 1
        var backgroundSet = false
        for copy in plan.copies {
            if let content = copy.content {
                let tile = tiles.pixmap(of: content, tile: copy.tile, frame: frameNumber)
                XCopyArea(connection.display, tile, buffer, gc, Int32(copy.sourceX), 0, UInt32(copy.width), height,
                          Int32(copy.destinationX), 0)
            } else {
                if !backgroundSet {
                    XSetForeground(connection.display, gc, backgroundPixel)
                    backgroundSet = true
                }
                XFillRectangle(connection.display, buffer, gc, Int32(copy.destinationX), 0, UInt32(copy.width), height)
            }
        }
        fade?.apply(to: buffer, width: plan.width, height: buffers.height)
        tiles.evict(olderThan: frameNumber, budget: plan.width / StripGeometry.tileWidth + 4)
        return buffer
    }

    // MARK: Changes

    /// A new window size: new buffers; a new height also means new tiles.
    func resize(width: Int, height: Int) {
        if height != buffers.height {
            tiles.painter.setHeight(height)
            tiles.releaseAll()
        }
        buffers.resize(width: width, height: height)
    }

    /// New colours or fade: everything is painted again from the next frame on.
    func setLook(foreground: RGBAColor, background: RGBAColor, fadeWidth: Int) {
        tiles.painter.setColors(foreground: foreground, background: background)
        backgroundPixel = tiles.painter.backgroundPixel
        fade = EdgeFade(connection: connection, width: fadeWidth, background: background)
        tiles.releaseAll()
    }

    /// Another font or item box: tiles are painted anew with it.
    func setPainting(font: FontSet, capsule: CapsuleStyle?) {
        tiles.replacePainter(with: tiles.painter.with(font: font, capsule: capsule))
    }
}
