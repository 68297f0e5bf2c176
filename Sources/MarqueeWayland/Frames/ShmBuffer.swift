import CWaylandClient
import Glibc
import TileRaster

/// One frame's pixels shared with the compositor: an anonymous memory file (memfd) mapped here
/// and handed over as a `wl_buffer`, painted through a `TileCanvas` over the same memory.
///
/// Once attached and committed the buffer is the compositor's until its `release` event: it is
/// painted again only after that (`isBusy`). Makes and frees its memory, file and buffer.
final class ShmBuffer {
    /// Kept open while the buffer exists: it is destroyed through it.
    private let display: WaylandDisplay
    let buffer: OpaquePointer
    let canvas: TileCanvas
    let width: Int
    let height: Int
    private let memory: UnsafeMutableRawPointer
    private let byteCount: Int
    private let listener: UnsafeMutablePointer<wl_buffer_listener>
    private(set) var isBusy = false

    init(display: WaylandDisplay, shm: OpaquePointer, width: Int, height: Int, format: TileCanvas.Format) throws(WaylandError) {
        self.display = display
        let stride = width * 4
        byteCount = stride * height
        let fd = memfd_create("xmarquee-frame", UInt32(MFD_CLOEXEC))
        guard fd >= 0 else { throw .noBuffer(errno: errno) }
        defer { close(fd) }
        guard ftruncate(fd, off_t(byteCount)) == 0 else { throw .noBuffer(errno: errno) }
        guard let mapped = mmap(nil, byteCount, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0), mapped != MAP_FAILED else {
            throw .noBuffer(errno: errno)
        }
        guard let canvas = TileCanvas(wrapping: mapped, width: width, height: height, stride: stride, format: format) else {
            munmap(mapped, byteCount)
            throw .noBuffer(errno: ENOMEM)
        }
        memory = mapped
        self.canvas = canvas
        self.width = width
        self.height = height
        // The pool only carries the descriptor over; the buffer keeps the memory shared.
        let pool = wl_shm_create_pool(shm, fd, Int32(byteCount))
        let pixelFormat = format == .argb ? WL_SHM_FORMAT_ARGB8888 : WL_SHM_FORMAT_XRGB8888
        buffer = wl_shm_pool_create_buffer(pool, 0, Int32(width), Int32(height), Int32(stride), pixelFormat.rawValue)
        wl_shm_pool_destroy(pool)
        listener = .allocate(capacity: 1)
        listener.initialize(to: wl_buffer_listener(release: { data, _ in listenerOwner(data, as: ShmBuffer.self)?.isBusy = false }))
        wl_buffer_add_listener(buffer, listener, listenerData(self))
    }

    deinit {
        wl_buffer_destroy(buffer)
        listener.deallocate()
        munmap(memory, byteCount)
    }

    /// Attaches it to `surface` for the next commit: the compositor's until it releases it.
    func attach(to surface: OpaquePointer) {
        isBusy = true
        wl_surface_attach(surface, buffer, 0, 0)
    }
}
