import CX11
import MarqueeCore

/// Turns frame plans into pixels, straight into the window: a copy from a tile for each piece
/// of text, the background where there is none, the edge fade over both. No back buffer: every
/// pixel is copied once, as in the C floor (Present paces the frames; see `PresentPacer`). Owns
/// the one GC, the fade, the tile cache and the font the tiles are painted with.
final class Compositor {
    private let connection: XConnection
    private let window: Window
    private let windowPicture: () -> Picture
    private let gc: GC
    private let tiles: TileCache
    private var fade: EdgeFade?
    private var height: Int
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
        windowPicture = { [unowned window] in window.renderPicture }
        self.font = font
        height = window.height
        look = style
        var values = XGCValues()
        values.graphics_exposures = 0
        gc = XCreateGC(connection.display, window.id, UInt(GCGraphicsExposures), &values)
        compositingManager = connection.surface.hasAlpha ? CompositorWatch(connection: connection) : nil
        let background = style.shownBackground(alphaShows: compositingManager?.isRunning == true)
        let painter = TilePainter(connection: connection, font: font, foreground: style.foreground, background: background,
                                  capsule: style.capsule, height: window.height)
        tiles = TileCache(connection: connection, painter: painter)
        backgroundPixel = painter.backgroundPixel
        fade = EdgeFade(connection: connection, width: style.fade, background: background)
        compositingManager?.onChange = { [unowned self] _ in
            self.setLook(self.look)
            self.onRepaint()
        }
    }

    deinit { XFreeGC(connection.display, gc) }

    /// Offers an X event (the compositing manager's selection); true when it was its own.
    func handle(_ event: inout XEvent) -> Bool { compositingManager?.handle(&event) ?? false }

    /// Draws the frame for vblank `counter` and tells the pacer.
    func show(_ plan: FramePlan, counter: UInt64, through pacer: FramePacer) {
        draw(plan)
        pacer.frameDrawn(counter: counter)
    }

    /// Draws `plan` into the window now.
    func draw(_ plan: FramePlan) {
        let rows = UInt32(height)
        frameNumber &+= 1
        var backgroundSet = false
        for copy in plan.copies {
            if let content = copy.content {
                let tile = tiles.pixmap(of: content, tile: copy.tile, frame: frameNumber)
                XCopyArea(connection.display, tile, window, gc, Int32(copy.sourceX), 0, UInt32(copy.width), rows,
                          Int32(copy.destinationX), 0)
            } else {
                if !backgroundSet {
                    XSetForeground(connection.display, gc, backgroundPixel)
                    backgroundSet = true
                }
                XFillRectangle(connection.display, window, gc, Int32(copy.destinationX), 0, UInt32(copy.width), rows)
            }
        }
        if let fade { fade.apply(to: windowPicture(), width: plan.width, height: height) }
        // Checked every few frames: a tile is kept while any recent frame used it.
        if frameNumber % 8 == 0 {
            tiles.evict(olderThan: frameNumber - 8, budget: plan.width / StripGeometry.tileWidth + 4, current: frameNumber)
        }
    }

    // MARK: Changes

    /// A new window height means new tiles (the width only changes what the plans cover).
    func resize(height newHeight: Int) {
        guard newHeight != height else { return }
        height = newHeight
        tiles.painter.setHeight(newHeight)
        tiles.releaseAll()
    }

    /// New colours, fade or item box: everything is painted again from the next frame on.
    func setLook(_ style: TickerStyle) {
        if style.capsule != look.capsule { tiles.replacePainter(with: tiles.painter.with(font: font, capsule: style.capsule)) }
        look = style
        let background = style.shownBackground(alphaShows: compositingManager?.isRunning == true)
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
