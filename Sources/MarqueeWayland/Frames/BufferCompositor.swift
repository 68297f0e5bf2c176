import CWaylandClient
import MarqueeCore
import TileRaster

/// Turns frame plans into pixels on the surface: a free shm buffer filled from the tiles of the
/// frame's sub-pixel phase (the background where no text is), attached, damaged whole and handed
/// to the pacer to commit. Owns the buffers and the tiles.
final class BufferCompositor {
    private var surface: OpaquePointer
    private var buffers: BufferRing
    private let tiles: CanvasTiles
    private var background: RGBAColor
    private(set) var height: Int
    private var frameNumber: UInt64 = 0
    private let makeBuffers: () -> BufferRing

    init(display: WaylandDisplay, shm: OpaquePointer, surface: OpaquePointer, painter: TilePainter, height: Int) {
        self.surface = surface
        buffers = BufferRing(display: display, shm: shm, format: painter.format)
        makeBuffers = { BufferRing(display: display, shm: shm, format: painter.format) }
        tiles = CanvasTiles(painter: painter)
        background = painter.background
        self.height = height
    }

    /// Fills a free buffer with `plan` and attaches it; false when the compositor holds every
    /// buffer (it is behind: this frame is skipped) or memory ran out.
    func attach(_ plan: FramePlan) -> Bool {
        guard let buffer = buffers.freeBuffer(width: plan.width, height: height) else { return false }
        for copy in plan.copies {
            if let content = copy.content,
               let tile = tiles.canvas(of: content, tile: copy.tile, phase: plan.phase, frame: frameNumber) {
                buffer.canvas.copy(tile, sourceX: copy.sourceX, columns: copy.width, to: copy.destinationX)
            } else {
                buffer.canvas.fill(background, x: copy.destinationX, columns: copy.width)
            }
        }
        buffer.attach(to: surface)
        wl_surface_damage_buffer(surface, 0, 0, Int32(plan.width), Int32(height))
        endFrame(width: plan.width)
        return true
    }

    /// Counts a frame and, every few, frees the tiles no recent frame used once there are more
    /// than a window's worth at each sub-pixel phase plus a few.
    private func endFrame(width: Int) {
        frameNumber &+= 1
        guard frameNumber % 8 == 0 else { return }
        let perPhase = width / StripGeometry.tileWidth + 4
        tiles.evict(olderThan: frameNumber - 8, budget: perPhase * SubpixelGrid.steps)
    }

    /// Frames go to `newSurface` from now on, in new buffers: the old surface's may never be
    /// released now that it is gone.
    func move(to newSurface: OpaquePointer) {
        surface = newSurface
        buffers = makeBuffers()
    }

    /// A new bar height means new tiles and buffers.
    func resize(height newHeight: Int) {
        guard newHeight != height else { return }
        height = newHeight
        tiles.painter.setHeight(newHeight)
        tiles.releaseAll()
    }

    /// New colours: everything is painted again from the next frame on.
    func setColors(foreground: RGBAColor, background newBackground: RGBAColor) {
        background = newBackground
        tiles.painter.setColors(foreground: foreground, background: newBackground)
        tiles.releaseAll()
    }

    /// Another font or item box.
    func replacePainter(with painter: TilePainter) {
        background = painter.background
        tiles.replacePainter(with: painter)
    }
}
