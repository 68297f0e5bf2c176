import CWaylandClient
import MarqueeCore
import TileRaster

/// The strip painted once at one sub-pixel phase for more than the bar (`RibbonSpan`), in memory
/// shared with the compositor. Each frame is a `wl_buffer` cut from it at the frame's offset (a
/// pool offset and the ribbon's row stride), so no pixel is copied per frame and any compositor
/// shows it: the Wayland twin of X11's `Ribbon`, presented at an offset. It is painted again only
/// while no buffer cut from it is still the compositor's. Owns its memory and those buffers.
final class RibbonBuffer {
    private let memory: SharedMemory
    let phase: Int
    /// What it holds; nil until painted.
    private(set) var extent: StripExtent?
    /// What it holds when it is a roll's stack of two pages (`RollStack`, `phase` the vertical one).
    private(set) var picture: RollPicture?
    /// The frame it was last shown in (the compositor's frame count), for freeing unused ones.
    var lastUsedFrame: UInt64 = 0
    /// Buffers cut from it that the compositor has not released yet (one or two: a short list
    /// costs less per frame than a set's hashing).
    private var held: [OpaquePointer] = []
    /// Buffers the compositor released, destroyed with this ribbon's next frame: destroyed at
    /// its release, each would cost a write to the compositor of its own.
    private var spent: [OpaquePointer] = []
    private let listener: UnsafeMutablePointer<wl_buffer_listener>

    init(display: WaylandDisplay, shm: OpaquePointer, width: Int, height: Int, format: TileCanvas.Format,
         phase: Int) throws(WaylandError) {
        memory = try SharedMemory(display: display, shm: shm, width: width, height: height, format: format)
        self.phase = phase
        listener = .allocate(capacity: 1)
        listener.initialize(to: wl_buffer_listener(release: { data, buffer in
            listenerOwner(data, as: RibbonBuffer.self)?.released(buffer)
        }))
    }

    deinit {
        for buffer in held + spent { wl_buffer_destroy(buffer) }
        listener.deallocate()
    }

    var canvas: TileCanvas { memory.canvas }
    var width: Int { memory.canvas.width }
    var height: Int { memory.canvas.height }
    /// Whether the compositor may still read its pixels: it must not be painted now.
    var isHeld: Bool { !held.isEmpty }

    /// It was painted and holds `extent`: its pages need not stay resident here until it is
    /// painted again (the compositor reads them through its own mapping).
    func painted(_ extent: StripExtent) {
        self.extent = extent
        releasePages()
    }

    /// Its pixels were read (another ribbon copied from them): its pages go as above.
    func releasePages() { memory.releasePages() }

    /// It was painted as a roll's stack holding `picture` (its pages go as above).
    func painted(_ picture: RollPicture) {
        self.picture = picture
        releasePages()
    }

    /// What it holds is stale (new colours, height, font): painted anew before it is shown.
    func forget() {
        extent = nil
        picture = nil
    }

    /// Whether it holds what `plan` shows.
    func shows(_ plan: FramePlan) -> Bool {
        extent?.shows(plan.strip, range: plan.position..<(plan.position + plan.width)) ?? false
    }

    /// The column `plan`'s frame starts at (which it must show).
    func column(of plan: FramePlan) -> Int? { extent.map { plan.position - $0.range.lowerBound } }

    /// Attaches the buffer showing `plan` (which it must show) to `surface`; false when the
    /// compositor refused to make one.
    func attach(_ plan: FramePlan, to surface: OpaquePointer) -> Bool {
        guard let column = column(of: plan), let buffer = memory.makeBuffer(column: column, width: plan.width) else { return false }
        attach(buffer, to: surface)
        return true
    }

    /// Attaches the buffer of rows `row..<(row + rows)` (a roll's frame, from its stack) to `surface`.
    func attach(row: Int, rows: Int, to surface: OpaquePointer) -> Bool {
        guard let buffer = memory.makeBuffer(row: row, rows: rows) else { return false }
        attach(buffer, to: surface)
        return true
    }

    private func attach(_ buffer: OpaquePointer, to surface: OpaquePointer) {
        for old in spent { wl_buffer_destroy(old) }
        spent.removeAll(keepingCapacity: true)
        held.append(buffer)
        wl_buffer_add_listener(buffer, listener, listenerData(self))
        wl_surface_attach(surface, buffer, 0, 0)
    }

    private func released(_ buffer: OpaquePointer?) {
        guard let buffer, let index = held.firstIndex(of: buffer) else { return }
        held.remove(at: index)
        spent.append(buffer)
    }
}
