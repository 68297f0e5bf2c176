import TileRaster

/// The frame buffers of one size: two, a third only when the compositor still holds both (some
/// keep the last buffer until the next one is shown), never more. A resize replaces them all.
final class BufferRing {
    static let limit = 3
    private let display: WaylandDisplay
    private let shm: OpaquePointer
    private let format: TileCanvas.Format
    private var buffers: [ShmBuffer] = []
    private(set) var width = 0
    private(set) var height = 0

    init(display: WaylandDisplay, shm: OpaquePointer, format: TileCanvas.Format) {
        self.display = display
        self.shm = shm
        self.format = format
    }

    /// A buffer of `width` × `height` the compositor does not hold; nil when all are held (the
    /// frame is skipped: the compositor is behind) or memory cannot be had.
    func freeBuffer(width: Int, height: Int) -> ShmBuffer? {
        if width != self.width || height != self.height {
            buffers.removeAll()
            self.width = width
            self.height = height
        }
        if let free = buffers.first(where: { !$0.isBusy }) { return free }
        guard buffers.count < Self.limit, width > 0, height > 0,
              let made = try? ShmBuffer(display: display, shm: shm, width: width, height: height, format: format) else { return nil }
        buffers.append(made)
        return made
    }

    var count: Int { buffers.count }

    /// Lets go of the buffers the compositor does not hold (their memory goes back); made again
    /// when a frame needs one.
    func releaseIdle() { buffers.removeAll { !$0.isBusy } }
}
