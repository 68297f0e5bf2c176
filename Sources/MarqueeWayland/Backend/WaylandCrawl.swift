import CWaylandClient
import MarqueeCore
import TickerDriver
import TileRaster

/// One lane's crawl on Wayland: the surface its frames are committed to — the bar's own for a
/// lone lane without a label, else a desynchronized subsurface at the lane's row, beside its
/// label — the compositor that paints them, the scale they are drawn at and the surface's fifo
/// and commit timer. Owns the subsurface, the scale, the fifo and the timer it makes.
final class WaylandCrawl {
    let compositor: BufferCompositor
    private(set) var surfaceScale: SurfaceScale
    /// Nil while the crawl is the bar's own surface.
    private(set) var subsurface: CrawlSubsurface?
    /// The surface's fifo, where the compositor offers one: frames are then queued ahead, each a
    /// rectangle of an atlas.
    private(set) var fifo: FifoBarrier?
    /// The surface's commit timer, where the compositor offers commit timing: each frame queued
    /// through the fifo is held until its refresh.
    private(set) var timer: CommitTimer?
    /// Whether the last frame was a rectangle of an atlas (the viewport shows a source rectangle).
    var showsAtlas = false
    /// A standing picture that could not be drawn yet: every buffer was the compositor's.
    var owedStill: FramePlan?
    /// The crawl's width in device pixels (0 until the bar is configured).
    var width = 0
    /// The label standing at the lane's start edge.
    var label: LaneLabel?
    private let display: WaylandDisplay

    /// The surface frames are committed to.
    private(set) var surface: OpaquePointer

    /// A crawl painted by `compositor`, placed by a first `moveToBar` or `moveToSubsurface`.
    init(display: WaylandDisplay, compositor: BufferCompositor, bar: OpaquePointer, barScale: SurfaceScale) {
        self.display = display
        self.compositor = compositor
        surfaceScale = barScale
        surface = bar
    }

    /// Whether frames go through the fifo as rectangles of an atlas: where the compositor offers
    /// fifo, crops at the viewport's source offset and no edge fade composes each frame.
    var queuesFrames: Bool { fifo != nil && surfaceScale.honoursSourceOffsets && !compositor.composesFrames }

    /// The subsurface and fifo let go, the bar's surface about to be made again: nothing is
    /// drawn until the crawl is moved onto the new one.
    func detach() {
        subsurface = nil
        fifo = nil
        timer = nil
        showsAtlas = false
    }

    /// Frames on the bar's own surface `bar` (at `barScale`), its subsurface let go.
    func moveToBar(_ bar: OpaquePointer, barScale: SurfaceScale) {
        subsurface = nil
        surfaceScale = barScale
        moved(to: bar)
    }

    /// Frames on a subsurface of `bar` of their own, its scale following `barScale`; false where
    /// the compositor offers no subsurfaces (the crawl stays where it was).
    func moveToSubsurface(of bar: OpaquePointer, barScale: SurfaceScale, outputScale: Int) -> Bool {
        guard let crawl = CrawlSubsurface(display: display, parent: bar) else { return false }
        surfaceScale = SurfaceScale(display: display, surface: crawl.surface, outputScale: outputScale, parent: barScale)
        subsurface = crawl
        moved(to: crawl.surface)
        return true
    }

    private func moved(to surface: OpaquePointer) {
        self.surface = surface
        compositor.move(to: surface)
        // One fifo object and one timer a surface: the old ones go before the new ones are made.
        fifo = nil
        timer = nil
        fifo = FifoBarrier(display: display, surface: surface)
        timer = fifo == nil ? nil : CommitTimer(display: display, surface: surface)
        showsAtlas = false
    }

    /// Shows `plan` (and the frames following it, queued through the fifo where it can) and
    /// commits them with `commit` (`asking`: the commit that asks for the next callback), each
    /// held until its refresh where the compositor offers commit timing (`frame`: the first one's;
    /// nil: at once). False when every buffer is the compositor's: a standing picture is then owed,
    /// a frame retried.
    func show(_ plan: FramePlan, at frame: FrameTime?, callbacks: FrameCallbackCount, commit: (_ asking: Bool) -> Void) -> Bool {
        // A roll's frame is a buffer cut from its stack (`RollFrames`) on every compositor.
        if queuesFrames, plan.roll == nil, let fifo {
            let asking = max(0, plan.frameCount - 2)
            guard compositor.queue(plan, through: surfaceScale, commit: { index in
                fifo.followPrevious()
                if let timer, let frame { timer.holdNextCommit(forRefreshAt: frame.time + Double(index) * frame.period, period: frame.period) }
                commit(index == asking)
            }) else { return false }
            showsAtlas = true
            owedStill = nil
            return true
        }
        if plan.roll == nil && surfaceScale.honoursSourceOffsets && compositor.showRectangle(plan, through: surfaceScale) {
            showsAtlas = true
            owedStill = nil
            commit(true)
            return true
        }
        if showsAtlas {
            surfaceScale.showWholeBuffer()
            showsAtlas = false
        }
        guard compositor.attach(plan, callbacks: callbacks) else { return false }
        owedStill = nil
        commit(true)
        return true
    }
}
