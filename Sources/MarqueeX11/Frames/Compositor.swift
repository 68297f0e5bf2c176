import CX11
import FontMatching
import MarqueeCore
import TileRaster

/// Turns frame plans into pixels: the strip at the frame's sub-pixel phase, painted ahead into a
/// ribbon wider than the window (tile pieces, the background where no text is), and shown from it
/// with one copy of each pixel; with an edge fade, the frame drawn whole and the fade over it.
///
/// Where it lands follows the desktop, live. Under a compositing manager the window is
/// redirected and the manager presents at its own vblank, so frames are copied straight into the
/// window, as in the C floor. Without one the window is scanned out as it is, and a copy racing
/// the scan-out tears: the server copies the frame into the window at its vblank
/// (`PresentPixmap`), so the window's pixels change only there. Owns the one GC, the ribbons and
/// back buffers, the fade, the tile cache and the font the tiles are painted with.
final class Compositor {
    private let connection: XConnection
    private let window: Window
    private let windowPicture: () -> Picture
    private let gc: GC
    private let tiles: TileCache
    private var fade: EdgeFade?
    private var height: Int
    /// The shown background as a pixel, for the columns no text covers.
    private var backgroundColor: ColorResource
    private var frameNumber: UInt64 = 0
    private var font: FontSet
    private var look: TickerLook
    /// Whether a compositing manager runs: frames are copied straight into the window then, and
    /// presented at the vblank otherwise; on a surface with alpha a translucent background shows
    /// its alpha only while one runs.
    private let compositingManager: CompositorWatch
    /// One ribbon per sub-pixel phase, presented from at an offset (no compositing manager) or
    /// copied from (under one). A ribbon is painted only after the completion of the frame shown
    /// from it, when the server has copied it (`PresentOptionCopy`).
    private var ribbons: [Ribbon?] = Array(repeating: nil, count: SubpixelGrid.steps)
    /// With a fade (which needs the whole frame first) a back buffer instead, two drawn in turn.
    private var backBuffers: [BackBuffer] = []
    private var nextBackBuffer = 0
    /// Everything must be drawn again now (a compositing manager started or stopped).
    var onRepaint: () -> Void = {}

    init(connection: XConnection, window: TickerWindow, font: FontSet, look: TickerLook) {
        self.connection = connection
        self.window = window.id
        windowPicture = { [unowned window] in window.renderPicture }
        self.font = font
        height = window.height
        self.look = look
        var values = XGCValues()
        values.graphics_exposures = 0
        gc = XCreateGC(connection.display, window.id, UInt(GCGraphicsExposures), &values)
        compositingManager = CompositorWatch(connection: connection)
        let background = look.shownBackground(alphaShows: connection.surface.hasAlpha && compositingManager.isRunning)
        let painter = Self.painter(for: font, look: look, background: background, height: window.height, on: connection)
        tiles = TileCache(connection: connection, gc: gc, painter: painter)
        backgroundColor = ColorResource(connection: connection, rgba: background)
        fade = EdgeFade(connection: connection, width: look.fade, background: background)
        // The next frame takes the new path; only the look needs redrawing at once.
        compositingManager.onChange = { [unowned self] _ in
            guard self.connection.surface.hasAlpha else { return }
            self.repaintLook(self.look)
            self.onRepaint()
        }
    }

    deinit { XFreeGC(connection.display, gc) }

    /// A translucent background shows its alpha: the surface has it and a compositor blends it.
    private var alphaShows: Bool { connection.surface.hasAlpha && compositingManager.isRunning }

    /// Whether frames reach the window only at their vblank (no compositing manager).
    var isTearFree: Bool { !compositingManager.isRunning }

    /// A painter for `font`'s glyphs in `look`'s colours and item box, in the surface's pixel format.
    private static func painter(for font: FontSet, look: TickerLook, background: RGBAColor, height: Int,
                                on connection: XConnection) -> TilePainter {
        TilePainter(font: font, look: look, background: background, height: height,
                    format: connection.surface.hasAlpha ? .argb : .rgb)
    }

    private func replacePainter() {
        tiles.replacePainter(with: Self.painter(for: font, look: look, background: tiles.painter.background,
                                                height: height, on: connection))
        forgetPainted()
    }

    /// Offers an X event (the compositing manager's selection); true when it was its own.
    func handle(_ event: inout XEvent) -> Bool { compositingManager.handle(&event) }

    /// How a drawn frame reaches the window; the ticker, which drives the pacer, hands it over.
    enum Handoff {
        /// Copied straight into the window already.
        case drawn
        /// To be presented from `pixmap`, placed `xOffset` px right of the window's left edge.
        case present(Pixmap, xOffset: Int)
    }

    /// Draws a frame: into a pixmap to be presented at its vblank when there is no compositing
    /// manager and the pacer presents (`presentable`), straight into the window otherwise.
    func show(_ plan: FramePlan, presentable: Bool) -> Handoff {
        defer { endFrame(width: plan.width) }
        paintWithFont(of: plan)
        let presents = isTearFree && presentable
        guard fade == nil else {
            guard presents else {
                draw(plan, into: window, picture: windowPicture)
                return .drawn
            }
            let buffer = backBuffer(width: plan.width)
            draw(plan, into: buffer.pixmap, picture: { buffer.renderPicture })
            return .present(buffer.pixmap, xOffset: 0)
        }
        // Without a fade every frame comes from the ribbon of its phase: one request and one
        // copy of each pixel, presented at the vblank or copied straight in.
        let ribbon = ribbon(for: plan)
        if !ribbon.shows(plan) {
            let range = ribbon.range(for: plan, direction: plan.direction)
            draw(plan.copies(covering: range), phase: plan.phase, into: ribbon.pixmap)
            ribbon.extent = StripExtent(plan.strip, range: range)
        }
        let offset = ribbon.extent!.range.lowerBound - plan.position
        guard !presents else { return .present(ribbon.pixmap, xOffset: offset) }
        XCopyArea(connection.display, ribbon.pixmap, window, gc, Int32(-offset), 0, UInt32(plan.width), UInt32(height), 0, 0)
        return .drawn
    }

    private func ribbon(for plan: FramePlan) -> Ribbon {
        if let ribbon = ribbons[plan.phase], ribbon.width == plan.width + Ribbon.margin, ribbon.height == height { return ribbon }
        let ribbon = Ribbon(connection: connection, windowWidth: plan.width, height: height)
        ribbons[plan.phase] = ribbon
        return ribbon
    }

    /// Everything painted is stale (new colours, height, font or item box): tiles and ribbons are
    /// painted anew from the next frame on.
    private func forgetPainted() {
        tiles.releaseAll()
        for index in ribbons.indices { ribbons[index] = nil }
    }

    /// Draws `plan` into the window now (standing text, exposures: no frame is coming).
    func draw(_ plan: FramePlan) {
        paintWithFont(of: plan)
        draw(plan, into: window, picture: windowPicture)
        endFrame(width: plan.width)
    }

    private func backBuffer(width: Int) -> BackBuffer {
        if backBuffers.first.map({ $0.width != width || $0.height != height }) ?? true {
            backBuffers = (0..<2).map { _ in BackBuffer(connection: connection, width: width, height: height) }
        }
        nextBackBuffer = (nextBackBuffer + 1) % backBuffers.count
        return backBuffers[nextBackBuffer]
    }

    private func draw(_ plan: FramePlan, into target: Drawable, picture: () -> Picture) {
        draw(plan.copies, phase: plan.phase, into: target)
        if let fade { fade.apply(to: picture(), width: plan.width, height: height) }
    }

    /// Fills `target` from the tiles of `phase` and the background, copy by copy.
    private func draw(_ copies: [FrameCopy], phase: Int, into target: Drawable) {
        let rows = UInt32(height)
        var backgroundSet = false
        for copy in copies {
            if let content = copy.content {
                let tile = tiles.pixmap(of: content, tile: copy.tile, phase: phase, frame: frameNumber)
                XCopyArea(connection.display, tile, target, gc, Int32(copy.sourceX), 0, UInt32(copy.width), rows,
                          Int32(copy.destinationX), 0)
            } else {
                if !backgroundSet {
                    XSetForeground(connection.display, gc, backgroundColor.pixel)
                    backgroundSet = true
                }
                XFillRectangle(connection.display, target, gc, Int32(copy.destinationX), 0, UInt32(copy.width), rows)
            }
        }
    }

    /// Counts a frame and, every few, frees the tiles no recent frame used once there are more
    /// than a window's worth (a ribbon's, at each sub-pixel phase) plus a few.
    private func endFrame(width: Int) {
        frameNumber &+= 1
        guard frameNumber % 8 == 0 else { return }
        let perPhase = (width + Ribbon.margin) / StripGeometry.tileWidth + 4
        tiles.evict(olderThan: frameNumber - 8, budget: perPhase * SubpixelGrid.steps, current: frameNumber)
    }

    // MARK: Changes

    /// A new window height means new tiles (the width only changes what the plans cover).
    func resize(height newHeight: Int) {
        guard newHeight != height else { return }
        height = newHeight
        tiles.painter.setHeight(newHeight)
        forgetPainted()
    }

    /// New colours, fade or item box: everything is painted again from the next frame on.
    func setLook(_ newLook: TickerLook) {
        guard newLook != look else { return }
        repaintLook(newLook)
    }

    /// Paints `newLook` from the next frame on (the same look too, when whether its alpha shows changed).
    private func repaintLook(_ newLook: TickerLook) {
        let capsuleChanged = newLook.capsule != look.capsule
        look = newLook
        let background = newLook.shownBackground(alphaShows: alphaShows)
        tiles.painter.setColors(foreground: newLook.foreground, background: background)
        backgroundColor = ColorResource(connection: connection, rgba: background)
        fade = EdgeFade(connection: connection, width: newLook.fade, background: background)
        if capsuleChanged { replacePainter() } else { forgetPainted() }
    }

    /// Tiles are painted with the font the text on the strip was laid out with: a new font
    /// comes into use with the first frame of the text measured with it (a font change replaces
    /// all the text at once, so one font is on the strip at a time).
    private func paintWithFont(of plan: FramePlan) {
        guard let shaper = plan.strip?.segments.first?.content.shaper, shaper !== font,
              let newFont = shaper as? FontSet else { return }
        font = newFont
        replacePainter()
    }
}
