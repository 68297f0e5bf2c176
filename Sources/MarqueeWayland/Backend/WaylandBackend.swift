import CWaylandClient
import FontMatching
import Glibc
import MarqueeCore
import MarqueeFormats
import MarqueeIO
import TickerDriver
import TileRaster

/// The ticker's Wayland side, a bar or a window: a surface where the placement says, frames paced
/// by the compositor's callbacks, plans turned into pixels by the `BufferCompositor`, and the
/// compositor's events turned into the driver's `BackendEvent`s, queued until the driver drains
/// them. It decides nothing about motion or content, and never calls the driver. Everything
/// runs on the event loop's thread.
public final class WaylandBackend: TickerBackend, FrameQueue {
    let display: WaylandDisplay
    var placement: WaylandPlacement
    /// The output's whole scale, where the compositor says no finer one.
    let outputScale: Int
    /// The surface's height in logical pixels, and its width once configured.
    var logicalHeight: Int
    private(set) var logicalWidth = 0
    var bar: TickerSurface
    /// How the bar surface's buffer maps onto its logical size (whole or fractional scale): the
    /// one scale the compositor tells its preference to.
    var barScale: SurfaceScale
    /// The lanes' crawls, top to bottom (`WaylandCrawl`): one lane without a label draws on the
    /// bar's own surface, otherwise each lane on a subsurface of its own.
    let crawls: [WaylandCrawl]
    /// Each lane's height as the app asked, in proportion to which the bar's height is shared.
    private let laneHeights: [Int]
    /// The labels on the bar's surface while the crawls lie on subsurfaces
    /// (`WaylandBackend+Label`); nil while a lone crawl is the bar's surface.
    var stand: LaneStand?
    /// What a surface is made with when it moves to another output or changes its height.
    let makeSurface: (WaylandPlacement, Int, WaylandOutput?) -> TickerSurface
    /// Frame callbacks and presentation feedback, on the first crawl's surface.
    let pacer: CallbackPacer
    /// Which lane the pointer's input goes to.
    var router: LaneRouter
    /// Pointer and keyboard; nil on a compositor without a seat.
    let input: SeatInput?
    /// The bar's menu while it is open.
    var menu: MenuPopup?
    private let loop: EventLoop
    let outbox = BackendOutbox()
    /// Whether the connection became readable since the last drain read it (else a drain only
    /// dispatches and sends: whatever comes later wakes the loop).
    private var readable = true

    /// The first lane's crawl's width in buffer pixels (0 until the compositor configured the surface).
    public var width: Int { crawls[0].width }
    /// The first lane's compositor: its font and look draw the menu.
    var compositor: BufferCompositor { crawls[0].compositor }
    /// The first lane's crawl's scale (the bar's, or its subsurface's, which follows it).
    var surfaceScale: SurfaceScale { crawls[0].surfaceScale }

    /// A ticker `height` logical pixels tall where `placement` says (a bar on the output its
    /// monitor choice names, the compositor's choice when it names none), its text in `font`,
    /// drawn `scale` times finer than logical pixels (HiDPI: the font and look are in buffer
    /// pixels already) until the compositor prefers another scale (`BackendEvent.scale`).
    public convenience init(display: WaylandDisplay, placement: WaylandPlacement, height: Int, scale: Int = 1, font: FontSet,
                            look: TickerLook, loop: EventLoop) throws(WaylandError) {
        try self.init(display: display, placement: placement, height: height, scale: scale,
                      lanes: [LaneDrawing(font: font, look: look, height: height * scale)], loop: loop)
    }

    public init(display: WaylandDisplay, placement: WaylandPlacement, height: Int, scale: Int = 1, lanes: [LaneDrawing],
                loop: EventLoop) throws(WaylandError) {
        guard let shm = display.shm else { throw .missingGlobal("wl_shm") }
        switch placement {
        case .bar, .area:
            guard let shell = display.layerShell else { throw .noLayerShell }
            makeSurface = { placement, height, output in
                guard let (anchoring, layer) = placement.anchoring(height: height) else { preconditionFailure("a layer surface's placement") }
                return LayerSurface(display: display, shell: shell, anchoring: anchoring, layer: layer, output: output)
            }
        case .window:
            guard let wmBase = display.wmBase else { throw .missingGlobal("xdg_wm_base") }
            makeSurface = { placement, height, _ in
                guard case .window(let width, let title) = placement else { preconditionFailure("a window's placement") }
                return WindowSurface(display: display, wmBase: wmBase, width: width, height: height, title: title)
            }
        }
        self.display = display
        self.loop = loop
        self.placement = placement
        outputScale = max(1, scale)
        logicalHeight = height
        bar = makeSurface(placement, height, placement.output(in: display.outputs))
        let barScale = SurfaceScale(display: display, surface: bar.surface, outputScale: outputScale)
        self.barScale = barScale
        pacer = try CallbackPacer(display: display, surface: bar.surface, loop: loop, outbox: outbox)
        laneHeights = lanes.map(\.height)
        crawls = lanes.map { [bar] lane in
            WaylandCrawl(display: display, compositor: BufferCompositor(display: display, shm: shm, surface: bar.surface, font: lane.font,
                                                                        look: lane.look, height: lane.height),
                         bar: bar.surface, barScale: barScale)
        }
        router = LaneRouter(rows: [0..<height])
        input = SeatInput(display: display, scale: barScale.scale)
        listen(to: barScale)
        input?.onInput = { [unowned self] input, row in
            for routed in self.router.route(input, row: row) { self.outbox.post(routed) }
        }
        input?.onMenuRequest = { [outbox] in outbox.post(.menuRequested($0)) }
        input?.onClicked = { [unowned self] in self.bar.takeKeyboardOnClick() }
        listen(to: bar)
        // One lane draws on the bar's own surface until a label comes; several each on its own.
        if crawls.count == 1 { crawls[0].moveToBar(bar.surface, barScale: barScale) } else { stack() }
        display.onOutputsChanged = { [unowned self] in self.outputsChanged() }
        loop.watch(display.fd) { [unowned self] _ in self.readable = true }
        display.flush()
    }

    deinit {
        closeMenu()
        loop.unwatch(display.fd)
    }

    /// The integer scale to draw at: the named output's, or the largest where the compositor
    /// chooses (it scales down on a finer output rather than up on a coarser one).
    public static func scale(for placement: WaylandPlacement, in display: WaylandDisplay) -> Int {
        let scale = placement.output(in: display.outputs)?.scale ?? display.outputs.map(\.scale).max() ?? 1
        return max(1, Int(scale))
    }

    /// The bar's scale changed: the crawls on subsurfaces follow it, then everything is drawn at it.
    func listen(to barScale: SurfaceScale) {
        barScale.onChange = { [unowned self, unowned barScale] in
            for crawl in self.crawls where crawl.surfaceScale !== barScale { crawl.surfaceScale.follow(barScale) }
            self.rescaled()
        }
    }

    func listen(to bar: TickerSurface) {
        bar.onConfigure = { [unowned self] width, height in self.configured(width: width, height: height) }
        bar.onClosed = { [unowned self] in
            guard self.placement.isLayerSurface else { return self.outbox.post(.closed) }
            self.place(on: self.placement.output(in: self.display.outputs))
        }
    }

    // MARK: Frames

    /// Frames are queued ahead where the compositor offers fifo and the surface a viewport, no
    /// edge fade composes each frame, and no input is expected (the pointer over the bar, the
    /// keyboard's focus: queued commits cannot be taken back, and a press must hold the text
    /// within two refreshes).
    public var batchLimit: FrameBatchLimit {
        guard queuesFrames, !(input?.expectsInput ?? false) else { return .single }
        return FrameBatchLimit.queued(period: pacer.period)
    }

    public func nextFrame(after time: Double) -> FrameTime? { queuesFrames ? pacer.nextFrame(after: time) : nil }
    /// Through wp_fifo_v1: one a refresh in turn, each held until its time where commit timing
    /// is offered too (`CommitTimer`).
    public var queuesWithoutTimes: Bool { true }

    /// Whether frames go through every crawl's fifo as rectangles of an atlas (`WaylandCrawl`).
    /// Without fifo, frames are rectangles of an atlas one a frame callback where the compositor
    /// crops so: no buffer made, attached or released a frame.
    private var queuesFrames: Bool { crawls.allSatisfy(\.queuesFrames) }

    public func setFramesWanted(_ wanted: Bool) {
        if wanted { pacer.requestFrame() } else { pacer.stop() }
    }

    /// A frame at its callback, or at once (standing text, a new size): a rectangle of an atlas
    /// where one shows it, else cut from a ribbon; where the compositor still holds every buffer,
    /// a frame is tried again a refresh later and a standing picture drawn as soon as it lets one
    /// go (no frame may come to draw it otherwise).
    public func show(_ plans: [FramePlan?], at frame: FrameTime?) -> Bool {
        guard bar.isConfigured else { return false }
        followFont()
        var count = 0
        var shownAll = true
        // The first crawl drawn asks for the callbacks (a lane that stands draws nothing); the
        // others' commits go alone.
        let asker = plans.firstIndex { $0 != nil }
        for (index, (crawl, plan)) in zip(crawls, plans).enumerated() {
            guard let plan else { continue }
            count = max(count, plan.frameCount)
            let shown = crawl.show(plan, at: frame, callbacks: pacer.callbacks) { asking in
                if index == asker { pacer.commitFrame(on: crawl.surface, asking: asking) } else { wl_surface_commit(crawl.surface) }
            }
            if !shown {
                if frame == nil { crawl.owedStill = plan }
                shownAll = false
            }
        }
        guard shownAll else {
            if frame != nil { pacer.retryLater() }
            return false
        }
        if queuesFrames, let frame, count > 0 { pacer.queued(through: frame.counter + UInt64(count - 1)) }
        return true
    }

    public func setLook(_ look: TickerLook, lane: Int) { crawls[lane].compositor.setLook(look) }

    public func showPointer(overLink: Bool) { input?.showHand(overLink) }

    private func configured(width: Int, height: Int) {
        logicalWidth = width
        logicalHeight = height
        outbox.post(.mapped(true))
        resizeBuffers()
    }

    /// The compositor prefers another scale: buffers at the new device size, and the driver told,
    /// so the app lays the text out again with a font of that size.
    func rescaled() {
        input?.scale = barScale.scale
        if bar.isConfigured { resizeBuffers() }
        outbox.post(.scale(barScale.scale))
    }

    /// Each lane's rows of the bar (logical), its height shared out as the lanes asked.
    var laneRows: [(y: Int, height: Int)] { LaneRows.sharing(logicalHeight, like: laneHeights) }

    /// Buffers of each lane's logical size at the current scale, shown at it (beside its label,
    /// which is drawn again at it).
    func resizeBuffers() {
        standLabels()
        router.origins = stand?.deviceWidths ?? Array(repeating: 0, count: crawls.count)
        let rows = laneRows
        router.rows = rows.map { barScale.device($0.y)..<barScale.device($0.y + $0.height) }
        for (index, (crawl, row)) in zip(crawls, rows).enumerated() {
            let crawlWidth = max(0, logicalWidth - (stand?.logicalWidths[index] ?? 0))
            crawl.surfaceScale.show(logicalWidth: crawlWidth, height: row.height)
            crawl.width = crawl.surfaceScale.device(crawlWidth)
            crawl.compositor.resize(height: crawl.surfaceScale.device(row.height))
            outbox.post(.resized(width: crawl.width, height: crawl.compositor.height, lane: index))
        }
    }

    /// Every event the compositor sent (read only when the connection woke the loop), the
    /// requests flushed. A broken connection (the compositor quit) ends the program with the
    /// lost display's status.
    public func drain(into events: inout [BackendEvent]) -> Int32 {
        pacer.beginTurn()
        display.dispatch(reading: readable)
        readable = false
        // A buffer released since: the standing pictures it was owed (looked for without making
        // a list: this runs several times a frame).
        if crawls.contains(where: { $0.owedStill != nil }) { _ = show(crawls.map(\.owedStill), at: nil) }
        if display.failed || !display.flush() {
            Diagnostics.warn("the Wayland compositor closed the connection")
            outbox.post(.lost)
        }
        notePresentation()
        outbox.hand(into: &events)
        return -1
    }

    /// Says how frames reach the surface when that changed (the compositor's presentation
    /// feedback came in, or was given up). The compositor shows whole frames: never torn.
    private func notePresentation() { outbox.tell(FramePresentation(paced: pacer.usesPresentationFeedback, tearFree: true)) }
}
