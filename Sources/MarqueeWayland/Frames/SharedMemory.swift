import CWaylandClient
import Glibc
import TileRaster

/// Pixels shared with the compositor: an anonymous memory file (memfd) mapped here and handed
/// over as a `wl_shm_pool`, painted through a `TileCanvas` over the same memory. Buffers are cut
/// from the pool (`makeBuffer`): the compositor reads their pixels where they lie, so one painted
/// area can be shown at any offset with no pixel copied. Makes and frees its memory, file and pool.
final class SharedMemory {
    /// Kept open while the pool exists: it is destroyed through it.
    private let display: WaylandDisplay
    let canvas: TileCanvas
    private let pool: OpaquePointer
    private let memory: UnsafeMutableRawPointer
    private let byteCount: Int
    private let format: TileCanvas.Format

    init(display: WaylandDisplay, shm: OpaquePointer, width: Int, height: Int, format: TileCanvas.Format) throws(WaylandError) {
        self.display = display
        self.format = format
        let stride = width * 4
        // A row more than the pixels: a buffer cut at a column offset still ends inside the pool
        // by the compositor's count (offset + stride × height), which libwayland-server checks.
        byteCount = stride * (height + 1)
        let fd = memfd_create("xmarquee-pixels", UInt32(MFD_CLOEXEC))
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
        // The pool keeps its own mapping of the file in the compositor: the descriptor can go.
        pool = wl_shm_create_pool(shm, fd, Int32(byteCount))
    }

    deinit {
        wl_shm_pool_destroy(pool)
        munmap(memory, byteCount)
    }

    /// Lets go of this process's pages of the pixels, which stay in the memory file: the
    /// compositor reads them through its own mapping, and painting here again faults them back
    /// in with their contents (a shared mapping). A ribbon painted every few seconds need not be
    /// resident here in between.
    func releasePages() {
        madvise(memory, byteCount, MADV_DONTNEED)
    }

    /// A buffer showing rows `row..<(row + rows)`, all their columns: a roll's frame, cut from its
    /// stack of two pages (`RollStack`) one offset a frame, as a ribbon's is across.
    func makeBuffer(row: Int, rows: Int) -> OpaquePointer? {
        guard row >= 0, rows > 0, row + rows <= canvas.height else { return nil }
        let pixelFormat = format == .argb ? WL_SHM_FORMAT_ARGB8888 : WL_SHM_FORMAT_XRGB8888
        return wl_shm_pool_create_buffer(pool, Int32(row * canvas.stride), Int32(canvas.width), Int32(rows), Int32(canvas.stride),
                                         pixelFormat.rawValue)
    }

    /// A buffer showing columns `column..<(column + width)` of every row: the compositor's to read
    /// from its commit until its `release`; the caller destroys it.
    func makeBuffer(column: Int, width: Int) -> OpaquePointer? {
        let pixelFormat = format == .argb ? WL_SHM_FORMAT_ARGB8888 : WL_SHM_FORMAT_XRGB8888
        return wl_shm_pool_create_buffer(pool, Int32(column * 4), Int32(width), Int32(canvas.height), Int32(canvas.stride),
                                         pixelFormat.rawValue)
    }
}
