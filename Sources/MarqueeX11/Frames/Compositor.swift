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
    /// The font, look, height and pixel format the tiles are painted with.
    private let style: TileStyle
    private var fade: EdgeFade?
    private var height: Int
    /// The shown background as a pixel, for the columns no text covers.
    private var backgroundColor: ColorResource
    /// Whether a compositing manager runs: frames are copied straight into the window then, and
    /// presented at the vblank otherwise; on a surface with alpha a translucent background shows
    /// its alpha only while one runs.
    private let compositingManager: CompositorWatch
    /// One ribbon per sub-pixel phase, presented from at an offset (no compositing manager) or
    /// copied from (under one). A ribbon is painted only after the completion of the frame shown
    /// from it, when the server has copied it (`PresentOptionCopy`).
    private var ribbons: [Ribbon?] = Array(repeating: nil, count: SubpixelGrid.steps)
    /// What each ribbon holds, as values (`RibbonView`), kept with `ribbons`.
    private var ribbonViews = [RibbonView](repeating: RibbonView(), count: SubpixelGrid.steps)
    /// A roll's frames, shown from its stacks of two pages.
    private let rolls: RollPixmaps
    /// With a fade (which needs the whole frame first) a back buffer instead, two drawn in turn.
    private var backBuffers: [BackBuffer] = []
    private var nextBackBuffer = 0
    private let presenter: PixmapPresenter?
    /// The window's column the crawl starts at: 0, or a lane's label's width (`LabelWindow`, a
    /// child the frames' copies are clipped by). Plans are in the crawl's columns.
    var crawlX = 0

    /// `presenter` hands frames to the server to copy at their vblank (Present); without one every
    /// frame is copied straight into the window.
    init(connection: XConnection, window: CrawlSurface, font: FontSet, look: TickerLook, presenter: PixmapPresenter?) {
        self.presenter = presenter
        self.connection = connection
        self.window = window.id
        windowPicture = { [unowned window] in window.renderPicture }
        height = window.height
        var values = XGCValues()
        values.graphics_exposures = 0
        gc = XCreateGC(connection.display, window.id, UInt(GCGraphicsExposures), &values)
        compositingManager = CompositorWatch(connection: connection)
        style = TileStyle(font: font, look: look, alphaShows: connection.surface.hasAlpha && compositingManager.isRunning,
                          height: window.height, format: connection.surface.hasAlpha ? .argb : .rgb)
        let background = style.background
        tiles = TileCache(connection: connection, gc: gc)
        rolls = RollPixmaps(connection: connection, gc: gc)
        backgroundColor = ColorResource(connection: connection, rgba: background)
        fade = EdgeFade(connection: connection, width: look.fade, background: background)
    }

    deinit { XFreeGC(connection.display, gc) }

    /// A translucent background shows its alpha: the surface has it and a compositor blends it.
    private var alphaShows: Bool { connection.surface.hasAlpha && compositingManager.isRunning }

    /// The font and look the strip is painted with now (the menu is drawn with them too).
    var font: FontSet { style.font }
    var look: TickerLook { style.look }

    /// Whether frames reach the window only at their vblank (no compositing manager).
    var isTearFree: Bool { !compositingManager.isRunning }

    /// What an X event meant to the compositor.
    enum EventOutcome {
        case notOurs
        case handled
        /// A compositing manager came or went on a surface with alpha: what stands must be drawn
        /// again (the next frame takes the new path by itself).
        case repaint
    }

    /// Offers an X event (the compositing manager's selection).
    func handle(_ event: inout XEvent) -> EventOutcome {
        let wasRunning = compositingManager.isRunning
        guard compositingManager.handle(&event) else { return .notOurs }
        guard compositingManager.isRunning != wasRunning, connection.surface.hasAlpha else { return .handled }
        applyLook(style.look)
        return .repaint
    }

    /// Whether plans may hold frames ahead (`FramePlan.following`): each is the ribbon of its
    /// phase at another offset. With a fade every frame is a back buffer drawn whole: one at a time.
    var takesBatches: Bool { presenter != nil && fade == nil }

    /// Draws the frame for vblank `counter`, and the frames following it for the vblanks after:
    /// into pixmaps the presenter hands to the server to copy at their vblanks when there is no
    /// compositing manager, or when frames are queued ahead (under one too: Present copies into
    /// the redirected window at the vblank); otherwise straight into the window, as the floor.
    func show(_ plan: FramePlan, counter: UInt64) {
        defer { tiles.endFrame(span: Ribbon.span.width(window: plan.width)) }
        if style.adoptFont(of: plan) { forgetPainted() }
        // Frames queued before for this vblank or later must be replaced, never raced by a copy.
        let queued = presenter?.queuedThrough ?? 0
        let presenter = isTearFree || plan.frameCount > 1 || queued >= counter ? self.presenter : nil
        if plan.roll != nil { return showRoll(plan, counter: counter, through: queued, by: presenter) }
        rolls.finished()
        guard fade == nil else {
            guard let presenter else { return draw(plan, into: window, picture: windowPicture, originX: crawlX) }
            let buffer = backBuffer(width: plan.width)
            draw(plan, into: buffer.pixmap, picture: { buffer.renderPicture }, originX: 0)
            present(buffer.pixmap, xOffset: crawlX, counter: counter, through: queued, by: presenter)
            return
        }
        // Without a fade every frame comes from the ribbon of its phase: one request and one
        // copy of each pixel, presented at the vblank or copied straight in. The batch's frames
        // share the plan's strip and width, so only their points are walked, checked against the
        // ribbons' views.
        let stamp = plan.strip?.stamp
        let ribbonWidth = Ribbon.span.width(window: plan.width)
        for index in 0..<plan.frameCount {
            let point = plan.point(index)
            let view = ribbonViews[point.phase]
            let (pixmap, offset) = view.offset(showing: point.position..<(point.position + plan.width), of: stamp,
                                               width: ribbonWidth, height: height).map { (view.pixmap, $0) }
                ?? ribbon(showing: point, of: plan, repaintFresh: presenter != nil)
            guard let presenter else {
                XCopyArea(connection.display, pixmap, window, gc, Int32(-offset), 0, UInt32(plan.width), UInt32(height),
                          Int32(crawlX), 0)
                return
            }
            let target = counter + UInt64(index)
            present(pixmap, xOffset: offset + crawlX, counter: target, through: index == plan.frameCount - 1 ? queued : target, by: presenter)
        }
    }

    /// Presents `pixmap` for vblank `counter` and, when frames are queued past it (a batch
    /// re-planned shorter, frames stopping mid-batch), for each vblank up to `last` too: a
    /// queued frame is replaced only by one for its own vblank, and one left in place would
    /// show the old motion.
    private func present(_ pixmap: Pixmap, xOffset: Int, yOffset: Int = 0, counter: UInt64, through last: UInt64,
                         by presenter: PixmapPresenter) {
        var target = counter
        repeat {
            presenter.present(pixmap, on: window, xOffset: xOffset, yOffset: yOffset, counter: target)
            target += 1
        } while target <= last
    }

    /// A roll's frame: the bar's height of its stack from the frame's row, presented at that y
    /// offset (or copied from there); with a fade, copied into a back buffer and faded first.
    private func showRoll(_ plan: FramePlan, counter: UInt64, through queued: UInt64, by presenter: PixmapPresenter?) {
        guard let roll = plan.roll, let stack = rolls.pixmap(for: plan, painter: style.painter) else { return }
        let (width, rows) = (UInt32(plan.width), UInt32(height))
        guard let presenter else {
            XCopyArea(connection.display, stack, window, gc, 0, Int32(roll.row), width, rows, Int32(crawlX), 0)
            if let fade { fade.apply(to: windowPicture(), width: plan.width, height: height, originX: crawlX) }
            return
        }
        guard let fade else { return present(stack, xOffset: crawlX, yOffset: -roll.row, counter: counter, through: queued, by: presenter) }
        let buffer = backBuffer(width: plan.width)
        XCopyArea(connection.display, stack, buffer.pixmap, gc, 0, Int32(roll.row), width, rows, 0, 0)
        fade.apply(to: buffer.renderPicture, width: plan.width, height: height, originX: 0)
        present(buffer.pixmap, xOffset: crawlX, counter: counter, through: queued, by: presenter)
    }

    /// The pixmap of the ribbon of `point`'s phase painted to show `plan`'s strip there, and the
    /// offset it is shown at. A ribbon the server may still copy from (a presented frame not yet
    /// at its vblank) is never painted over: `repaintFresh` paints a new one, and the server keeps
    /// the old one for the frames queued from it.
    private func ribbon(showing point: FramePoint, of plan: FramePlan, repaintFresh: Bool) -> (Pixmap, Int) {
        var ribbon = ribbons[point.phase]
        if let current = ribbon, current.width != Ribbon.span.width(window: plan.width) || current.height != height { ribbon = nil }
        defer { ribbonViews[point.phase] = ribbons[point.phase].map(RibbonView.init) ?? RibbonView() }
        if let current = ribbon, current.shows(plan.strip, range: point.position..<(point.position + plan.width)) {
            return (current.pixmap, current.extent!.range.lowerBound - point.position)
        }
        if ribbon == nil || (repaintFresh && ribbon?.extent != nil) {
            ribbon = Ribbon(connection: connection, windowWidth: plan.width, height: height)
            ribbons[point.phase] = ribbon
        }
        let painted = ribbon!
        let range = Ribbon.span.range(at: point.position, window: plan.width, direction: plan.direction)
        draw(plan.copies(covering: range), phase: point.phase, into: painted.pixmap)
        painted.extent = StripExtent(plan.strip, range: range)
        return (painted.pixmap, range.lowerBound - point.position)
    }

    /// Everything painted is stale (new colours, height, font or item box): tiles and ribbons are
    /// painted anew from the next frame on.
    private func forgetPainted() {
        tiles.releaseAll()
        for index in ribbons.indices { ribbons[index] = nil }
        for index in ribbonViews.indices { ribbonViews[index] = RibbonView() }
        rolls.forget()
    }

    /// Draws `plan` into the window now (standing text, exposures: no frame is coming).
    func draw(_ plan: FramePlan) {
        if style.adoptFont(of: plan) { forgetPainted() }
        draw(plan, into: window, picture: windowPicture, originX: crawlX)
        tiles.endFrame(span: Ribbon.span.width(window: plan.width))
        // A frame still queued for a coming vblank would copy the old picture over this one
        // after it, and nothing would draw again: the same picture replaces it at its vblank.
        if let queued = presenter?.queuedThrough, queued > 0 { show(plan, counter: queued) }
    }

    private func backBuffer(width: Int) -> BackBuffer {
        if backBuffers.first.map({ $0.width != width || $0.height != height }) ?? true {
            backBuffers = (0..<2).map { _ in BackBuffer(connection: connection, width: width, height: height) }
        }
        nextBackBuffer = (nextBackBuffer + 1) % backBuffers.count
        return backBuffers[nextBackBuffer]
    }

    /// Draws `plan` whole into `target` with the crawl's first column at `originX`.
    private func draw(_ plan: FramePlan, into target: Drawable, picture: () -> Picture, originX: Int) {
        draw(plan.copies, phase: plan.phase, into: target, originX: originX)
        if let fade { fade.apply(to: picture(), width: plan.width, height: height, originX: originX) }
    }

    /// Fills `target` from the tiles of `phase` and the background, copy by copy, from column `originX`.
    private func draw(_ copies: [FrameCopy], phase: Int, into target: Drawable, originX: Int = 0) {
        let rows = UInt32(height)
        var backgroundSet = false
        for copy in copies {
            if let content = copy.content {
                let tile = tiles.pixmap(of: content, tile: copy.tile, phase: phase, painter: style.painter)
                XCopyArea(connection.display, tile, target, gc, Int32(copy.sourceX), 0, UInt32(copy.width), rows,
                          Int32(copy.destinationX + originX), 0)
            } else {
                if !backgroundSet {
                    XSetForeground(connection.display, gc, backgroundColor.pixel)
                    backgroundSet = true
                }
                XFillRectangle(connection.display, target, gc, Int32(copy.destinationX + originX), 0, UInt32(copy.width), rows)
            }
        }
    }

    // MARK: Changes

    /// A new window height means new tiles (the width only changes what the plans cover).
    func resize(height newHeight: Int) {
        guard newHeight != height else { return }
        height = newHeight
        if style.setHeight(newHeight) { forgetPainted() }
    }

    /// New colours, fade or item box: everything is painted again from the next frame on.
    func setLook(_ newLook: TickerLook) {
        guard newLook != style.look else { return }
        applyLook(newLook)
    }

    /// Paints `newLook` from the next frame on (the same look too, when whether its alpha shows changed).
    private func applyLook(_ newLook: TickerLook) {
        _ = style.setLook(newLook, alphaShows: alphaShows)
        backgroundColor = ColorResource(connection: connection, rgba: style.background)
        fade = EdgeFade(connection: connection, width: newLook.fade, background: style.background)
        forgetPainted()
    }
}
