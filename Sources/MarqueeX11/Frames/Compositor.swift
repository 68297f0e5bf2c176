import CX11
import MarqueeCore

/// Turns frame plans into pixels: composes the window's view into a back buffer (tile copies,
/// background, edge fade) and hands it to the pacer, or copies it to the window at once. Owns
/// the one GC, the back buffers, the fade, the tile cache and the font the tiles are painted with.
final class Compositor {
    private let connection: XConnection
    private let window: Window
    private let gc: GC
    private let buffers: BackBufferPool
    private let tiles: TileCache
    private var fade: EdgeFade?
    private var backgroundPixel: UInt
    private var frameNumber: UInt64 = 0
    private var font: FontSet
    /// A font waiting for the layout measured with it (`adoptPreparedFont`).
    private var preparedFont: FontSet?
    private var look: TickerStyle
    /// Whether a compositing manager blends the window: watched only on a surface with alpha,
    /// where a translucent background shows its alpha while one runs and is opaque otherwise.
    private let compositingManager: CompositorWatch?
    /// Everything must be drawn again now (a compositing manager started or stopped).
    var onRepaint: () -> Void = {}

    init(connection: XConnection, window: TickerWindow, font: FontSet, style: TickerStyle) {
        self.connection = connection
        self.window = window.id
        self.font = font
        look = style
        var values = XGCValues()
        values.graphics_exposures = 0
        gc = XCreateGC(connection.display, window.id, UInt(GCGraphicsExposures), &values)
        buffers = BackBufferPool(connection: connection, width: window.width, height: window.height)
        compositingManager = connection.surface.hasAlpha ? CompositorWatch(connection: connection) : nil
        let background = style.shownBackground(alphaShows: compositingManager?.isRunning ?? false)
        let painter = TilePainter(connection: connection, font: font, foreground: style.foreground, background: background,
                                  capsule: style.capsule, height: window.height)
        tiles = TileCache(connection: connection, painter: painter)
        fade = EdgeFade(connection: connection, width: style.fade, background: background)
        backgroundPixel = painter.backgroundPixel
        compositingManager?.onChange = { [unowned self] _ in
            self.setLook(self.look)
            self.onRepaint()
        }
    }

    deinit { XFreeGC(connection.display, gc) }

    /// Offers an X event (the compositing manager's selection); true when it was its own.
    func handle(_ event: inout XEvent) -> Bool { compositingManager?.handle(&event) ?? false }

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

    /// New colours, fade or item box: everything is painted again from the next frame on.
    func setLook(_ style: TickerStyle) {
        if style.capsule != look.capsule { tiles.replacePainter(with: tiles.painter.with(font: font, capsule: style.capsule)) }
        look = style
        let background = style.shownBackground(alphaShows: compositingManager?.isRunning ?? false)
        tiles.painter.setColors(foreground: style.foreground, background: background)
        backgroundPixel = tiles.painter.backgroundPixel
        fade = EdgeFade(connection: connection, width: style.fade, background: background)
        tiles.releaseAll()
    }

    /// A font whose layout is being made: it paints once `adoptPreparedFont` says the text
    /// measured with it is on the strip, so nothing is painted with a font it was not laid out for.
    func prepare(font newFont: FontSet) { preparedFont = newFont }

    func adoptPreparedFont() {
        guard let preparedFont else { return }
        font = preparedFont
        self.preparedFont = nil
        tiles.replacePainter(with: tiles.painter.with(font: font, capsule: look.capsule))
    }
}
