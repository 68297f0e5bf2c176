import CWaylandClient
import FontMatching
import MarqueeCore
import TileRaster

/// Turns frame plans into pixels on the surface: a free shm buffer filled from the tiles of the
/// frame's sub-pixel phase (the background where no text is), the edge fade over it, attached and
/// damaged whole, for the pacer to commit. Buffers are xrgb8888 for an opaque background and
/// premultiplied argb8888 for a translucent one, which the compositor blends over what is below.
/// Owns the buffers and the tiles.
final class BufferCompositor {
    private var surface: OpaquePointer
    private let display: WaylandDisplay
    private let shm: OpaquePointer
    private var buffers: BufferRing
    /// The font, look, height and pixel format the tiles are painted with.
    private var style: TileStyle
    private let tiles = TileStore<TileCanvas>()
    private var fade: CanvasEdgeFade?

    init(display: WaylandDisplay, shm: OpaquePointer, surface: OpaquePointer, font: FontSet, look: TickerLook, height: Int) {
        self.surface = surface
        self.display = display
        self.shm = shm
        style = TileStyle(font: font, look: look, alphaShows: true, height: height, format: Self.format(for: look))
        buffers = BufferRing(display: display, shm: shm, format: style.format)
        fade = CanvasEdgeFade(width: look.fade, background: style.background)
    }

    var height: Int { style.height }

    /// A compositor blends whatever alpha a buffer has: an opaque background needs none.
    private static func format(for look: TickerLook) -> TileCanvas.Format {
        look.background.isOpaque ? .rgb : .argb
    }

    /// Fills a free buffer with `plan` and attaches it; false when the compositor holds every
    /// buffer (it is behind: this frame is skipped) or memory ran out.
    func attach(_ plan: FramePlan) -> Bool {
        if style.adoptFont(of: plan) { tiles.releaseAll() }
        guard let buffer = buffers.freeBuffer(width: plan.width, height: height) else { return false }
        let painter = style.painter
        for copy in plan.copies {
            if let content = copy.content,
               let tile = tiles.tile(of: content, index: copy.tile, phase: plan.phase, make: { width in
                   guard let canvas = TileCanvas(width: width, height: max(painter.height, 1), format: painter.format) else { return nil }
                   painter.paint(tile: copy.tile, of: content, phase: plan.phase, into: canvas)
                   return canvas
               }) {
                buffer.canvas.copy(tile, sourceX: copy.sourceX, columns: copy.width, to: copy.destinationX)
            } else {
                buffer.canvas.fill(style.background, x: copy.destinationX, columns: copy.width)
            }
        }
        fade?.apply(to: buffer.canvas, width: plan.width)
        buffer.attach(to: surface)
        wl_surface_damage_buffer(surface, 0, 0, Int32(plan.width), Int32(height))
        tiles.endFrame(span: plan.width)
        return true
    }

    /// Frames go to `newSurface` from now on, in new buffers: the old surface's may never be
    /// released now that it is gone.
    func move(to newSurface: OpaquePointer) {
        surface = newSurface
        buffers = BufferRing(display: display, shm: shm, format: style.format)
    }

    /// A new bar height means new tiles and buffers.
    func resize(height newHeight: Int) {
        if style.setHeight(newHeight) { tiles.releaseAll() }
    }

    /// New colours, fade or item box: everything is painted again from the next frame on, in
    /// buffers of the format the new background needs.
    func setLook(_ look: TickerLook) {
        fade = CanvasEdgeFade(width: look.fade, background: look.background)
        if Self.format(for: look) != style.format {
            style = TileStyle(font: style.font, look: look, alphaShows: true, height: style.height, format: Self.format(for: look))
            buffers = BufferRing(display: display, shm: shm, format: style.format)
        } else if !style.setLook(look, alphaShows: true) {
            return
        }
        tiles.releaseAll()
    }
}
