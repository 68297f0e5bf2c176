import CWaylandClient
import TileRaster

/// Pixels shared with the compositor, as one `wl_buffer` over its own memory: the frames that
/// cannot come from a ribbon (an edge fade over the whole frame, a ribbon still held), and a
/// `PhaseAtlas`.
///
/// Once attached and committed the buffer is the compositor's until its `release` event: it is
/// painted again only after that (`isBusy`). Makes and frees its memory and buffer.
final class ShmBuffer {
    private let memory: SharedMemory
    let buffer: OpaquePointer
    private let listener: UnsafeMutablePointer<wl_buffer_listener>
    private(set) var isBusy = false

    init(display: WaylandDisplay, shm: OpaquePointer, width: Int, height: Int, format: TileCanvas.Format) throws(WaylandError) {
        memory = try SharedMemory(display: display, shm: shm, width: width, height: height, format: format)
        guard let buffer = memory.makeBuffer(column: 0, width: width) else { throw .noBuffer(errno: 0) }
        self.buffer = buffer
        listener = .allocate(capacity: 1)
        listener.initialize(to: wl_buffer_listener(release: { data, _ in listenerOwner(data, as: ShmBuffer.self)?.isBusy = false }))
        wl_buffer_add_listener(buffer, listener, listenerData(self))
    }

    deinit {
        wl_buffer_destroy(buffer)
        listener.deallocate()
    }

    var canvas: TileCanvas { memory.canvas }

    /// Its pixels need not stay resident here until painted again (see `SharedMemory`).
    func releasePages() { memory.releasePages() }

    /// Attaches it to `surface` for the next commit: the compositor's until it releases it.
    func attach(to surface: OpaquePointer) {
        isBusy = true
        wl_surface_attach(surface, buffer, 0, 0)
    }
}
