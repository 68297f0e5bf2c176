import CWaylandClient
import MarqueeCore
import TileRaster

/// The strip painted at each sub-pixel phase for more than the bar, stacked in one buffer
/// shared with the compositor: band `phase` (rows `phase × bandHeight` on) holds that phase's
/// ribbon. Attached once, a frame is then a rectangle of it (`wp_viewport.set_source` at the
/// frame's column and band): no buffer made, attached or released per frame, so frames can be
/// queued for the refreshes to come, or shown one a frame callback, without a wake-up more.
/// Bands are painted when a frame needs them (`AtlasFrames` says which), never while the
/// compositor may read the atlas (it is held from its attach until the compositor releases it).
/// Owns its buffer.
final class PhaseAtlas {
    private let pixels: ShmBuffer
    let bandHeight: Int
    /// What each band holds for the frames of the range begun; nil where it is not painted.
    private var extents: [StripExtent?] = Array(repeating: nil, count: SubpixelGrid.steps)
    /// What each band's pixels hold, also from before the range begun (a band painted again for
    /// the next range moves those columns along rather than painting them); nil when stale.
    private var pixelExtents: [StripExtent?] = Array(repeating: nil, count: SubpixelGrid.steps)
    /// The strip range its bands are painted for (`begin`); nil when it holds nothing.
    private(set) var range: Range<Int>?

    init(display: WaylandDisplay, shm: OpaquePointer, width: Int, bandHeight: Int, format: TileCanvas.Format) throws(WaylandError) {
        pixels = try ShmBuffer(display: display, shm: shm, width: width, height: bandHeight * SubpixelGrid.steps, format: format)
        self.bandHeight = bandHeight
    }

    var width: Int { pixels.canvas.width }
    /// Attached and not released: the compositor may read any band.
    var isHeld: Bool { pixels.isBusy }

    /// Whether band `plan.phase` holds what `plan` shows.
    func shows(_ plan: FramePlan) -> Bool {
        extents[plan.phase]?.shows(plan.strip, range: plan.position..<(plan.position + plan.width)) ?? false
    }

    /// The rectangle of the atlas showing `plan` (which it must show): its column and first row.
    func origin(of plan: FramePlan) -> (x: Int, y: Int)? {
        extents[plan.phase].map { (plan.position - $0.range.lowerBound, plan.phase * bandHeight) }
    }

    /// Band `phase` as a canvas to paint; nil while the compositor may read it.
    func band(_ phase: Int) -> TileCanvas? {
        isHeld ? nil : pixels.canvas.rows(from: phase * bandHeight, count: bandHeight)
    }

    /// The phases whose bands are painted.
    var paintedPhases: [Int] { extents.indices.filter { extents[$0] != nil } }

    /// Band `phase` was painted and holds `extent`.
    func painted(_ phase: Int, extent: StripExtent) {
        extents[phase] = extent
        pixelExtents[phase] = extent
    }

    /// Band `phase` as its pixels are, to read from (also while the compositor reads it); nil
    /// where they hold nothing of use.
    func painted(_ phase: Int) -> RibbonPainter.Painted? {
        guard let extent = pixelExtents[phase], let band = pixels.canvas.rows(from: phase * bandHeight, count: bandHeight) else { return nil }
        return RibbonPainter.Painted(extent: extent, canvas: band)
    }

    /// Its bands are painted for the frames to come, or were read from: its pages need not stay
    /// resident here (the compositor reads them through its own mapping).
    func releasePages() { pixels.releasePages() }

    /// What it holds is stale (new colours, height, font).
    func forget() {
        extents = Array(repeating: nil, count: SubpixelGrid.steps)
        pixelExtents = extents
        range = nil
    }

    /// Its bands are painted for strip range `range` from now on: they show nothing until then
    /// (their pixels are kept to be moved along).
    func begin(_ range: Range<Int>) {
        extents = Array(repeating: nil, count: SubpixelGrid.steps)
        self.range = range
    }

    /// Whether it is of this size and pixel format.
    func fits(width: Int, bandHeight: Int, format: TileCanvas.Format) -> Bool {
        self.width == width && self.bandHeight == bandHeight && pixels.canvas.format == format
    }

    /// Attaches it to `surface` for the next commit: the compositor's until it releases it.
    func attach(to surface: OpaquePointer) { pixels.attach(to: surface) }
}
