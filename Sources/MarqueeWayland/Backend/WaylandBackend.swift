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
    private var placement: WaylandPlacement
    /// The output's whole scale, where the compositor says no finer one.
    let outputScale: Int
    /// The surface's height in logical pixels, and its width once configured.
    private(set) var logicalHeight: Int
    private(set) var logicalWidth = 0
    private(set) var bar: TickerSurface
    /// How the crawl's buffer maps onto its logical size (whole or fractional scale): the bar
    /// surface's, or the crawl subsurface's beside a label.
    var surfaceScale: SurfaceScale
    /// The lane's label on the bar's surface and the crawl on a subsurface beside it
    /// (`WaylandBackend+Label`); nil without a label.
    var stand: LabelStand?
    /// What a surface is made with when it moves to another output or changes its height.
    private let makeSurface: (WaylandPlacement, Int, WaylandOutput?) -> TickerSurface
    let compositor: BufferCompositor
    let pacer: CallbackPacer
    /// The surface's fifo, where the compositor offers one: frames are then queued ahead, each a
    /// rectangle of an atlas.
    var fifo: FifoBarrier?
    /// Whether the last frame was a rectangle of an atlas (the viewport shows a source rectangle).
    var showsAtlas = false
    /// Pointer and keyboard; nil on a compositor without a seat.
    let input: SeatInput?
    /// The bar's menu while it is open.
    var menu: MenuPopup?
    private let loop: EventLoop
    /// A standing picture that could not be drawn yet: every buffer was the compositor's.
    private var owedStill: FramePlan?
    let outbox = BackendOutbox()
    /// Whether the connection became readable since the last drain read it (else a drain only
    /// dispatches and sends: whatever comes later wakes the loop).
    private var readable = true

    /// The width shown now in buffer pixels (0 until the compositor configured the surface).
    public private(set) var width = 0

    /// A ticker `height` logical pixels tall where `placement` says (a bar on the output its
    /// monitor choice names, the compositor's choice when it names none), its text in `font`,
    /// drawn `scale` times finer than logical pixels (HiDPI: the font and look are in buffer
    /// pixels already) until the compositor prefers another scale (`BackendEvent.scale`).
    public init(display: WaylandDisplay, placement: WaylandPlacement, height: Int, scale: Int = 1, font: FontSet,
                look: TickerLook, loop: EventLoop) throws(WaylandError) {
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
        surfaceScale = SurfaceScale(display: display, surface: bar.surface, outputScale: outputScale)
        pacer = try CallbackPacer(display: display, surface: bar.surface, loop: loop, outbox: outbox)
        fifo = FifoBarrier(display: display, surface: bar.surface)
        compositor = BufferCompositor(display: display, shm: shm, surface: bar.surface, font: font, look: look,
                                      height: surfaceScale.device(height))
        input = SeatInput(display: display, scale: surfaceScale.scale)
        listen(to: surfaceScale)
        input?.onInput = { [outbox, unowned self] in outbox.post(.input($0.inCrawl(startingAt: self.crawlOrigin))) }
        input?.onMenuRequest = { [outbox] in outbox.post(.menuRequested($0)) }
        listen(to: bar)
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

    func listen(to surfaceScale: SurfaceScale) {
        surfaceScale.onChange = { [unowned self] in self.rescaled() }
    }

    private func listen(to bar: TickerSurface) {
        bar.onConfigure = { [unowned self] width, height in self.configured(width: width, height: height) }
        bar.onClosed = { [unowned self] in
            guard self.placement.isLayerSurface else { return self.outbox.post(.closed) }
            self.place(on: self.placement.output(in: self.display.outputs))
        }
    }

    /// Outputs came, went or changed: the buffer follows a new whole scale; a bar goes to the one
    /// its `--monitor` names once it is there, and stays where it is otherwise (the compositor
    /// closes it when its own output goes).
    private func outputsChanged() {
        (stand?.barScale ?? surfaceScale).followOutput(scale: Self.scale(for: placement, in: display))
        guard placement.isLayerSurface else { return }
        let wanted = placement.output(in: display.outputs)
        let current = display.outputs.first { $0.registryName == bar.outputName }
        if let wanted, wanted !== current { return place(on: wanted) }
        if bar.outputName != nil && current == nil { place(on: nil) }
    }

    /// A new surface on `output` (nil: the compositor's choice); frames follow it once configured.
    private func place(on output: WaylandOutput?) {
        // A popup goes with its parent.
        closeMenu()
        // Nothing is drawn until the new surface is configured (attaching before is an error).
        outbox.post(.mapped(false))
        bar = makeSurface(placement, logicalHeight, output)
        surfaceScale = SurfaceScale(display: display, surface: bar.surface, outputScale: outputScale)
        listen(to: surfaceScale)
        listen(to: bar)
        pacer.move(to: bar.surface)
        compositor.move(to: bar.surface)
        fifo = FifoBarrier(display: display, surface: bar.surface)
        showsAtlas = false
        // The crawl goes beside the label on the new surface.
        if let label = stand?.label {
            stand = nil
            showLabel(label)
        }
        display.flush()
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

    /// Whether frames go through the fifo as rectangles of an atlas: where the compositor offers
    /// fifo, crops at the viewport's source offset and no edge fade composes each frame. Without
    /// fifo, frames are rectangles of an atlas one a frame callback where the compositor crops
    /// so (`show`): no buffer made, attached or released a frame.
    private var queuesFrames: Bool { fifo != nil && surfaceScale.honoursSourceOffsets && !compositor.composesFrames }

    public func setFramesWanted(_ wanted: Bool) {
        if wanted { pacer.requestFrame() } else { pacer.stop() }
    }

    /// A frame at its callback, or at once (standing text, a new size): a rectangle of an atlas
    /// where one shows it, else cut from a ribbon; where the compositor still holds every buffer,
    /// a frame is tried again a refresh later and a standing picture drawn as soon as it lets one
    /// go (no frame may come to draw it otherwise).
    public func show(_ plan: FramePlan, at frame: FrameTime?) -> Bool {
        guard bar.isConfigured else { return false }
        followFont()
        // A roll's frame is a buffer cut from its stack (`RollFrames`) on every compositor.
        if queuesFrames, plan.roll == nil, let fifo { return queue(plan, at: frame, through: fifo) }
        if plan.roll == nil && surfaceScale.honoursSourceOffsets && compositor.showRectangle(plan, through: surfaceScale) {
            showsAtlas = true
            owedStill = nil
            pacer.commitFrame()
            return true
        }
        if showsAtlas {
            surfaceScale.showWholeBuffer()
            showsAtlas = false
        }
        guard compositor.attach(plan, callbacks: pacer.callbacks) else {
            if frame == nil { owedStill = plan } else { pacer.retryLater() }
            return false
        }
        owedStill = nil
        pacer.commitFrame()
        return true
    }

    /// A frame, as a rectangle of an atlas, and those following it committed one per refresh
    /// through the fifo: the callback (and presentation feedback) asked for with the last but
    /// one, whose answer starts the next batch a refresh before the queue runs dry.
    private func queue(_ plan: FramePlan, at frame: FrameTime?, through fifo: FifoBarrier) -> Bool {
        let asking = max(0, plan.frameCount - 2)
        guard compositor.queue(plan, through: surfaceScale, commit: { index in
            fifo.followPrevious()
            pacer.commitFrame(asking: index == asking)
        }) else {
            if frame == nil { owedStill = plan } else { pacer.retryLater() }
            return false
        }
        showsAtlas = true
        owedStill = nil
        if let frame { pacer.queued(through: frame.counter + UInt64(plan.frameCount - 1)) }
        return true
    }

    public func setLook(_ look: TickerLook) { compositor.setLook(look) }

    public func showPointer(overLink: Bool) { input?.showHand(overLink) }

    /// A new height (device pixels, placed in logical ones at the surface's scale; an area's
    /// geometry may fix it) or monitor:
    /// the surface is made again there (a layer surface's zone and a window's size follow its
    /// first configure). Window states are the compositor's to decide.
    public func place(_ update: PlacementUpdate) -> [PlacementRefusal] {
        let height = placement.fixedHeight ?? Int((Double(update.height) / surfaceScale.scale).rounded(.up))
        let moved = placement.on(update.monitor)
        if height != logicalHeight || moved.output(in: display.outputs) !== placement.output(in: display.outputs) {
            placement = moved
            logicalHeight = height
            place(on: placement.output(in: display.outputs))
        }
        return Self.refusals(above: update.above, sticky: update.sticky)
    }

    /// What Wayland leaves to the compositor: a client cannot ask to stay above others or to be
    /// on every workspace (a layer-shell bar is both by its layer).
    public static func refusals(above: Bool?, sticky: Bool?) -> [PlacementRefusal] {
        var refused: [PlacementRefusal] = []
        if above != nil { refused.append(PlacementRefusal(option: "above", reason: "Wayland leaves stacking to the compositor")) }
        if sticky != nil { refused.append(PlacementRefusal(option: "sticky", reason: "Wayland leaves workspaces to the compositor")) }
        return refused
    }

    private func configured(width: Int, height: Int) {
        logicalWidth = width
        logicalHeight = height
        outbox.post(.mapped(true))
        resizeBuffers()
    }

    /// The compositor prefers another scale: buffers at the new device size, and the driver told,
    /// so the app lays the text out again with a font of that size.
    func rescaled() {
        input?.scale = surfaceScale.scale
        if bar.isConfigured { resizeBuffers() }
        outbox.post(.scale(surfaceScale.scale))
    }

    /// Buffers of the logical size at the current scale, shown at the logical size (the crawl's
    /// beside a label, which is drawn again at it).
    func resizeBuffers() {
        standLabel()
        let crawlWidth = max(0, logicalWidth - (stand?.logicalWidth ?? 0))
        surfaceScale.show(logicalWidth: crawlWidth, height: logicalHeight)
        width = surfaceScale.device(crawlWidth)
        compositor.resize(height: surfaceScale.device(logicalHeight))
        outbox.post(.resized(width: width, height: compositor.height))
    }

    /// Every event the compositor sent (read only when the connection woke the loop), the
    /// requests flushed. A broken connection (the compositor quit) ends the program with the
    /// lost display's status.
    public func drain(into events: inout [BackendEvent]) -> Int32 {
        pacer.beginTurn()
        display.dispatch(reading: readable)
        readable = false
        // A buffer released since: the standing picture it was owed.
        if let owedStill { _ = show(owedStill, at: nil) }
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
