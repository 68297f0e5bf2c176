import CWaylandClient
import FontMatching
import MarqueeCore
import TileRaster

/// Turns frame plans into pixels on the surface. A frame is a buffer cut from the ribbon of its
/// sub-pixel phase at the frame's offset (`RibbonBuffer`): the ribbon is painted from the glyphs
/// once for the bar and a margin, and no pixel is copied per frame — on every compositor, since
/// the compositor reads the shared memory where the buffer lies. With an edge fade (which belongs
/// to the bar's edges, not the strip), or while every ribbon of the phase is still the
/// compositor's, the frame is composed into a buffer of its own and faded there; the first frame
/// of each size is copied out of its ribbon into one (`FirstBufferPitchQuirk`). Where the
/// compositor crops at a viewport's source offset exactly, a frame is a rectangle of an atlas of
/// every phase's ribbon instead (`AtlasFrames`): no buffer a frame at all.
///
/// Buffers are xrgb8888 for an opaque background and premultiplied argb8888 for a translucent
/// one, which the compositor blends over what is below. Owns the ribbons, buffers and tiles.
final class BufferCompositor {
    /// X11's margin: each phase's ribbon is painted again once per 1024 px of motion (painting is
    /// most of a frame's own work at 120 px/s), and its pages are not the client's once painted.
    static let span = RibbonSpan(margin: 1024)
    /// Ribbons of one phase: one shown from while the other is painted.
    private static let ribbonsPerPhase = 2
    /// Frames a ribbon may go unused before its memory goes back.
    private static let ribbonIdleFrames: UInt64 = 120

    private var surface: OpaquePointer
    private let display: WaylandDisplay
    private let shm: OpaquePointer
    private var buffers: BufferRing
    private var ribbons: [RibbonBuffer] = []
    /// The font, look, height and pixel format the tiles are painted with.
    private var style: TileStyle
    private let tiles = TileStore<TileCanvas>()
    private var fade: CanvasEdgeFade?
    private var frameNumber: UInt64 = 0
    /// The last frame composed into a buffer of its own (not cut from a ribbon).
    private var lastComposedFrame: UInt64 = 0
    private var firstBuffer = FirstBufferPitchQuirk()
    /// Frames as rectangles of a `PhaseAtlas`, where the compositor crops exactly.
    private var atlases: AtlasFrames
    /// A roll's frames, cut from its stacks of two pages.
    private let rolls: RollFrames

    init(display: WaylandDisplay, shm: OpaquePointer, surface: OpaquePointer, font: FontSet, look: TickerLook, height: Int) {
        self.surface = surface
        self.display = display
        self.shm = shm
        style = TileStyle(font: font, look: look, alphaShows: true, height: height, format: Self.format(for: look))
        buffers = BufferRing(display: display, shm: shm, format: style.format)
        atlases = AtlasFrames(display: display, shm: shm)
        rolls = RollFrames(display: display, shm: shm)
        fade = CanvasEdgeFade(width: look.fade, background: style.background)
    }

    var height: Int { style.height }
    /// The font and look the strip is painted with now (the menu is drawn with them too).
    var font: FontSet { style.font }
    var look: TickerLook { style.look }
    /// Whether each frame is composed whole (an edge fade): then it cannot be a rectangle of an atlas.
    var composesFrames: Bool { fade != nil }

    /// A compositor blends whatever alpha a buffer has: an opaque background needs none.
    private static func format(for look: TickerLook) -> TileCanvas.Format {
        look.background.isOpaque ? .rgb : .argb
    }

    /// Attaches a buffer showing `plan` and damages the surface; false when the compositor holds
    /// every buffer (it is behind: this frame is skipped) or memory ran out. `callbacks`: the
    /// surface's frame callbacks so far (see `FirstBufferPitchQuirk`).
    func attach(_ plan: FramePlan, callbacks: FrameCallbackCount) -> Bool {
        // Before the compositor gave the surface a size there is nothing to show.
        guard plan.width > 0, height > 0 else { return false }
        if style.adoptFont(of: plan) { forgetPainted() }
        if plan.roll != nil { return attachRoll(plan) }
        frameNumber &+= 1
        let tight = firstBuffer.needsTightBuffer(width: plan.width, height: height, callbacks: callbacks)
        var composed = tight
        defer { endFrame(width: plan.width, composed: composed) }
        if fade == nil, let ribbon = ribbon(for: plan), tight ? copy(plan, from: ribbon) : ribbon.attach(plan, to: surface) {
            ribbon.lastUsedFrame = frameNumber
        } else {
            composed = true
            guard let buffer = buffers.freeBuffer(width: plan.width, height: height) else { return false }
            compose(plan.copies, phase: plan.phase, into: buffer.canvas)
            fade?.apply(to: buffer.canvas, width: plan.width)
            buffer.attach(to: surface)
        }
        wl_surface_damage_buffer(surface, 0, 0, Int32(plan.width), Int32(height))
        firstBuffer.noteAttached(width: plan.width, height: height, callbacks: callbacks)
        atlases.detach()
        return true
    }

    /// Attaches the buffer of `plan`'s roll frame, cut from its stack at its row (with an edge
    /// fade, copied out of it into a frame buffer and faded there), and damages the surface.
    private func attachRoll(_ plan: FramePlan) -> Bool {
        guard let roll = plan.roll, let stack = rolls.stack(for: plan, painter: style.painter) else { return false }
        if let fade {
            guard let rows = stack.canvas.rows(from: roll.row, count: height),
                  let buffer = buffers.freeBuffer(width: plan.width, height: height) else { return false }
            buffer.canvas.copy(rows, sourceX: 0, columns: plan.width, to: 0)
            fade.apply(to: buffer.canvas, width: plan.width)
            buffer.attach(to: surface)
        } else {
            guard stack.attach(row: roll.row, rows: height, to: surface) else { return false }
        }
        wl_surface_damage_buffer(surface, 0, 0, Int32(plan.width), Int32(height))
        atlases.detach()
        return true
    }

    /// Shows `plan` as a rectangle of an atlas through `scale`'s viewport (attaching the atlas
    /// where it was not) and damages it; false while no atlas shows it (the
    /// frame is then cut from a ribbon: `attach`), one band of the next painted a frame.
    func showRectangle(_ plan: FramePlan, through scale: SurfaceScale) -> Bool {
        guard plan.width > 0, height > 0, fade == nil else { return false }
        if style.adoptFont(of: plan) { forgetPainted() }
        guard let (atlas, attachedNow) = atlases.frameAtlas(plan, height: height, format: style.format, surface: surface,
                                                             painter: RibbonPainter(style: style)) else { return false }
        frameNumber &+= 1
        endFrame(width: plan.width, composed: false)
        if attachedNow { attached(atlas) }
        show(plan, of: atlas, through: scale)
        return true
    }

    /// `atlas` was attached for the next commit: all of it damaged (a compositor that keeps the
    /// texture of the buffer before, of the same size, uploads only what is damaged), and the
    /// texture a buffer after it is shown in made anew (`FirstBufferPitchQuirk`).
    private func attached(_ atlas: PhaseAtlas) {
        firstBuffer.textureRemade()
        wl_surface_damage_buffer(surface, 0, 0, Int32(atlas.width), Int32(atlas.bandHeight * SubpixelGrid.steps))
    }

    /// Sets `scale`'s viewport to `plan`'s rectangle of `atlas` (which shows it) and damages it.
    private func show(_ plan: FramePlan, of atlas: PhaseAtlas, through scale: SurfaceScale) {
        guard let origin = atlas.origin(of: plan) else { return }
        scale.showSource(x: origin.x, y: origin.y, width: plan.width, height: height)
        wl_surface_damage_buffer(surface, Int32(origin.x), Int32(origin.y), Int32(plan.width), Int32(height))
    }

    /// Shows `plan` and the frames following it as rectangles of one atlas: for each, the
    /// rectangle through `scale`'s viewport, the damage, and `commit(index)` (the caller's fifo
    /// barrier, callback and commit). False when no atlas can show them now (both held).
    func queue(_ plan: FramePlan, through scale: SurfaceScale, commit: (_ index: Int) -> Void) -> Bool {
        guard plan.width > 0, height > 0 else { return false }
        if style.adoptFont(of: plan) { forgetPainted() }
        frameNumber &+= 1
        let attachedBefore = atlases.attached
        guard let atlas = atlases.batchAtlas(plan, height: height, format: style.format, surface: surface,
                                             painter: RibbonPainter(style: style)) else {
            return false
        }
        if atlas !== attachedBefore { attached(atlas) }
        for index in 0..<plan.frameCount {
            show(plan.frame(index), of: atlas, through: scale)
            commit(index)
        }
        return true
    }

    /// Attaches `plan`'s frame copied out of `ribbon` into a buffer of its own, whose stride is
    /// its width's; false when the compositor holds every such buffer.
    private func copy(_ plan: FramePlan, from ribbon: RibbonBuffer) -> Bool {
        guard let column = ribbon.column(of: plan), let buffer = buffers.freeBuffer(width: plan.width, height: height) else { return false }
        buffer.canvas.copy(ribbon.canvas, sourceX: column, columns: plan.width, to: 0)
        buffer.attach(to: surface)
        return true
    }

    /// The ribbon of `plan`'s phase that shows it, painted first where none does; nil when both
    /// of the phase are the compositor's still or memory ran out.
    private func ribbon(for plan: FramePlan) -> RibbonBuffer? {
        let width = Self.span.width(window: plan.width)
        // A loop rather than a filtered list: no array made every frame.
        var candidates = 0
        var free: RibbonBuffer?
        for ribbon in ribbons where ribbon.phase == plan.phase && ribbon.width == width && ribbon.height == height {
            if ribbon.shows(plan) { return ribbon }
            candidates += 1
            if free == nil && !ribbon.isHeld { free = ribbon }
        }
        let ribbon: RibbonBuffer
        if let free {
            ribbon = free
        } else if candidates < Self.ribbonsPerPhase,
                  let made = try? RibbonBuffer(display: display, shm: shm, width: width, height: height, format: style.format,
                                               phase: plan.phase) {
            ribbons.append(made)
            ribbon = made
        } else {
            return nil
        }
        // Straight from the glyphs, no tile kept (each phase's ribbon is painted again only once
        // per margin's worth of motion, and tiles at every phase in use, eight at most speeds,
        // would hold 3–4 MB of the client's memory where X11's are the server's), the columns a
        // ribbon of the phase holds already copied from it: most often this one, moved along.
        let range = Self.span.range(for: plan)
        let offers = ribbons.compactMap { other in
            other.phase == plan.phase ? other.extent.map { (ribbon: other, painted: RibbonPainter.Painted(extent: $0, canvas: other.canvas)) } : nil
        }
        if let used = RibbonPainter(style: style).paint(plan, range: range, phase: plan.phase, into: ribbon.canvas,
                                                       reusing: offers.map(\.painted)), offers[used].ribbon !== ribbon {
            offers[used].ribbon.releasePages()
        }
        ribbon.painted(StripExtent(plan.strip, range: range))
        return ribbon
    }

    /// Fills a frame's `canvas` from the tiles of `phase` and the background, copy by copy: a frame
    /// of its own is composed every frame, so its tiles are kept.
    private func compose(_ copies: [FrameCopy], phase: Int, into canvas: TileCanvas) {
        let painter = style.painter
        for copy in copies {
            if let content = copy.content,
               let tile = tiles.tile(of: content, index: copy.tile, phase: phase, make: { width in
                   guard let canvas = TileCanvas(width: width, height: max(painter.height, 1), format: painter.format) else { return nil }
                   painter.paint(tile: copy.tile, of: content, phase: phase, into: canvas)
                   return canvas
               }) {
                canvas.copy(tile, sourceX: copy.sourceX, columns: copy.width, to: copy.destinationX)
            } else {
                canvas.fill(style.background, x: copy.destinationX, columns: copy.width)
            }
        }
    }

    /// Frees, every few frames, the tiles no recent frame used, the ribbons of phases no longer
    /// shown, of another size, or painted stale, that the compositor has let go, and (without a
    /// fade) the frame buffers a tight first frame or a held ribbon needed once.
    private func endFrame(width: Int, composed: Bool) {
        let wanted = Self.span.width(window: width)
        tiles.endFrame(span: wanted)
        if composed { lastComposedFrame = frameNumber }
        guard frameNumber % 8 == 0 else { return }
        if fade == nil, lastComposedFrame + Self.ribbonIdleFrames < frameNumber { buffers.releaseIdle() }
        ribbons.removeAll { ribbon in
            !ribbon.isHeld && (ribbon.width != wanted || ribbon.height != height || ribbon.extent == nil
                               || ribbon.lastUsedFrame + Self.ribbonIdleFrames < frameNumber)
        }
    }

    /// Everything painted is stale (new colours, height, font or item box): tiles and ribbons are
    /// painted anew from the next frame on.
    private func forgetPainted() {
        tiles.releaseAll()
        for ribbon in ribbons { ribbon.forget() }
        atlases.forget()
        rolls.forget()
    }

    /// Frames go to `newSurface` from now on, in new buffers: the old surface's may never be
    /// released now that it is gone.
    func move(to newSurface: OpaquePointer) {
        surface = newSurface
        buffers = BufferRing(display: display, shm: shm, format: style.format)
        ribbons.removeAll()
        rolls.reset()
        atlases.reset(surfaceGone: true)
        firstBuffer.textureRemade()
    }

    /// A new bar height means new tiles and buffers.
    func resize(height newHeight: Int) {
        if style.setHeight(newHeight) { forgetPainted() }
    }

    /// New colours, fade or item box: everything is painted again from the next frame on, in
    /// buffers of the format the new background needs.
    func setLook(_ look: TickerLook) {
        fade = CanvasEdgeFade(width: look.fade, background: look.background)
        if Self.format(for: look) != style.format {
            style = TileStyle(font: style.font, look: look, alphaShows: true, height: style.height, format: Self.format(for: look))
            buffers = BufferRing(display: display, shm: shm, format: style.format)
            ribbons.removeAll()
            rolls.reset()
            atlases.reset(surfaceGone: false)
            firstBuffer.textureRemade()
        } else if !style.setLook(look, alphaShows: true) {
            return
        }
        forgetPainted()
    }
}
