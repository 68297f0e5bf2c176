import CWaylandClient
import FontMatching
import Glibc
import MarqueeCore
import MarqueeIO
import TileRaster

/// Where a Wayland ticker shows: a bar (layer-shell) on an output's edge, or a window.
public enum WaylandPlacement {
    case bar(edge: BarEdge, layer: BarLayer, monitor: MonitorChoice)
    /// An xdg-shell window `width` wide (until the compositor sizes it), titled `title`.
    case window(width: Int, title: String)
}

/// One ticker on a Wayland desktop, a bar or a window: the compositor's events go into the
/// player, the player's frame plans go to the buffer compositor, frames are paced by the
/// compositor's callbacks.
///
/// The same path as X11's `Ticker`: pacer → ticker → player (pure) → compositor → pacer; only the
/// pixels' way out differs. Everything runs on the event loop's thread.
public final class WaylandTicker: PlayerHost {
    let display: WaylandDisplay
    private let placement: WaylandPlacement
    /// Buffer pixels per logical pixel (the output's integer scale).
    private let scale: Int
    private var bar: TickerSurface
    /// What a new bar is made with when it moves to another output.
    private let makeBar: (WaylandOutput?) -> TickerSurface
    public private(set) var player: MarqueePlayer
    private let compositor: BufferCompositor
    private let pacer: CallbackPacer
    private let timers: PlayerTimers
    /// The loop the ticker's handlers are installed on, to take them back in `deinit`.
    private let loop: EventLoop
    /// Pointer and keyboard; nil on a compositor without a seat.
    private let input: SeatInput?
    public private(set) var statistics = FrameStatistics()
    /// Opens a clicked link; the app supplies it (an argument vector to xdg-open, never a shell).
    public var openLink: ((String) -> Void)?
    /// Called after each frame handed to the compositor, with its strip position (whole pixel
    /// and sub-pixel phase) and the time it is predicted to be shown at.
    public var onFrameDrawn: ((_ position: Int, _ phase: Int, _ time: Double) -> Void)?
    /// The window was closed (its close button): the app quits.
    public var onClosed: () -> Void = {}

    /// A ticker `height` logical pixels tall where `placement` says (a bar on the output its
    /// monitor choice names, the compositor's choice when it names none), its text in `font`,
    /// drawn `scale` times finer than logical pixels (HiDPI: the font, style and strip are in
    /// buffer pixels already).
    public init(display: WaylandDisplay, placement: WaylandPlacement, height: Int, scale: Int = 1, font: FontSet,
                style: TickerStyle, loop: EventLoop) throws(WaylandError) {
        guard let shm = display.shm else { throw .missingGlobal("wl_shm") }
        guard let timers = PlayerTimers() else { throw .noTimer(errno: errno) }
        switch placement {
        case .bar(let edge, let layer, _):
            guard let shell = display.layerShell else { throw .noLayerShell }
            makeBar = { output in LayerSurface(display: display, shell: shell, edge: edge, height: height, layer: layer, output: output) }
        case .window(let width, let title):
            guard let wmBase = display.wmBase else { throw .missingGlobal("xdg_wm_base") }
            makeBar = { _ in WindowSurface(display: display, wmBase: wmBase, width: width, height: height, title: title) }
        }
        self.display = display
        self.timers = timers
        self.loop = loop
        self.placement = placement
        self.scale = max(1, scale)
        bar = makeBar(WaylandTicker.output(placement, in: display.outputs))
        wl_surface_set_buffer_scale(bar.surface, Int32(self.scale))
        pacer = try CallbackPacer(display: display, surface: bar.surface, loop: loop)
        // Opaque: a translucent background needs an alpha buffer format, not offered yet.
        let painter = TilePainter(font: font, look: style.look, background: style.look.shownBackground(alphaShows: false),
                                  height: height * self.scale, format: .rgb)
        compositor = BufferCompositor(display: display, shm: shm, surface: bar.surface, painter: painter, height: height * self.scale)
        player = MarqueePlayer(style: style, shapes: ShapeCache(shaper: font), width: 0, refreshPeriod: pacer.period,
                               reordering: BidiReordering())
        input = SeatInput(display: display, scale: self.scale)
        pacer.onFrame = { [unowned self] counter, time in self.frame(counter: counter, time: time) }
        input?.onInput = { [unowned self] in self.handle($0) }
        listen(to: bar)
        display.onOutputsChanged = { [unowned self] in self.outputsChanged() }
        install(on: loop)
        display.flush()
    }

    private func listen(to bar: TickerSurface) {
        bar.onConfigure = { [unowned self] width, height in self.configured(width: width, height: height) }
        bar.onClosed = { [unowned self] in
            guard case .bar = self.placement else { return self.onClosed() }
            self.place(on: WaylandTicker.output(self.placement, in: self.display.outputs))
        }
    }

    /// Outputs came or went: a bar goes to the one its `--monitor` names once it is there, and
    /// stays where it is otherwise (the compositor closes it when its own output goes).
    private func outputsChanged() {
        guard case .bar = placement else { return }
        let wanted = WaylandTicker.output(placement, in: display.outputs)
        let current = display.outputs.first { $0.registryName == bar.outputName }
        if let wanted, wanted !== current { return place(on: wanted) }
        if bar.outputName != nil && current == nil { place(on: nil) }
    }

    /// A new bar on `output` (nil: the compositor's choice); frames follow it once configured.
    private func place(on output: WaylandOutput?) {
        // Nothing is drawn until the new surface is configured (attaching before is an error).
        update { player, now in player.setVisibility(mapped: false, at: now) }
        bar = makeBar(output)
        wl_surface_set_buffer_scale(bar.surface, Int32(scale))
        listen(to: bar)
        pacer.move(to: bar.surface)
        compositor.move(to: bar.surface)
        display.flush()
    }

    /// The integer scale to draw at: the named output's, or the largest where the compositor
    /// chooses (it scales down on a finer output rather than up on a coarser one).
    public static func scale(for placement: WaylandPlacement, in display: WaylandDisplay) -> Int {
        let scale = output(placement, in: display.outputs)?.scale ?? display.outputs.map(\.scale).max() ?? 1
        return max(1, Int(scale))
    }

    /// The output a `--monitor` choice names: a position in the compositor's list or a connector
    /// name; nil leaves the choice to the compositor.
    static func output(_ placement: WaylandPlacement, in outputs: [WaylandOutput]) -> WaylandOutput? {
        guard case .bar(_, _, let choice) = placement else { return nil }
        switch choice {
        case .primary: return nil
        case .index(let index): return outputs.indices.contains(index) ? outputs[index] : nil
        case .name(let name): return outputs.first { $0.name == name }
        }
    }

    public func update(_ change: (inout MarqueePlayer, _ now: Double) -> Void) {
        let now = MonotonicClock.now()
        change(&player, now)
        follow(at: now)
    }

    public func describeFrames(into report: inout StatusReport) {
        report.present = pacer.usesPresentationFeedback
        // The compositor shows whole frames at its own refresh: never torn.
        report.tearFree = true
    }

    /// The width shown now in buffer pixels (0 until the compositor configured the surface).
    public private(set) var width = 0
    public var height: Int { compositor.height }
    public var refreshPeriod: Double { pacer.period }

    // MARK: Frames

    private func frame(counter: UInt64, time: Double) {
        guard bar.isConfigured else { return }
        player.setRefreshPeriod(pacer.period, atFrame: time)
        guard let plan = player.frame(at: time) else { return follow(at: time) }
        // The text moves under a pointer that stands still: a link may have come or gone.
        if player.pointerX != nil { input?.showHand(player.pointerOverLink) }
        guard compositor.attach(plan) else { return pacer.retryLater() }
        pacer.commitFrame()
        statistics.noteShown(counter: counter)
        onFrameDrawn?(plan.position, plan.phase, time)
        timers.run(plan.demand, pacer: pacer, statistics: &statistics)
    }

    private func follow(at now: Double) {
        timers.follow(player, at: now, pacer: pacer, statistics: &statistics)
        input?.showHand(player.pointerOverLink)
        if player.needsRedraw(at: now) { drawNow() }
    }

    /// Draws the last position shown again, at once (standing text, a new size).
    private func drawNow() {
        guard player.visibility.isVisible, bar.isConfigured, compositor.attach(player.still()) else { return }
        pacer.commitFrame()
    }

    private func configured(width: Int, height: Int) {
        let now = MonotonicClock.now()
        self.width = width * scale
        compositor.resize(height: height * scale)
        player.resize(width: self.width, at: now)
        player.setVisibility(mapped: true, at: now)
        follow(at: now)
        drawNow()
    }

    // MARK: Events

    private func handle(_ input: PlayerInput) {
        let now = MonotonicClock.now()
        if case .openLink(let link)? = player.handle(input, at: now) { openLink?(link) }
        follow(at: now)
    }

    /// Takes back from the loop everything that calls into the ticker.
    deinit {
        loop.prepareToWait = { -1 }
        loop.unwatch(display.fd)
        timers.uninstall(from: loop)
    }

    private func install(on loop: EventLoop) {
        loop.watch(display.fd) { _ in }
        timers.install(on: loop, pageTimeUp: { [unowned self] in self.update { player, now in player.pageTimeUp(at: now) } },
                       restOver: { [unowned self] in self.follow(at: MonotonicClock.now()) })
        loop.prepareToWait = { [unowned self, unowned loop] in self.prepareToWait(on: loop) }
    }

    /// Before each sleep: a slice of a layout in progress, every event the compositor sent, the
    /// requests flushed. A broken connection (the compositor quit) ends the loop.
    private func prepareToWait(on loop: EventLoop) -> Int32 {
        if player.content.isLayingOut { continueLayout() }
        display.dispatchPending()
        if display.failed || !display.flush() {
            Diagnostics.warn("the Wayland compositor closed the connection")
            loop.stop(status: ExitStatus.noDisplay.rawValue)
        }
        return player.content.isLayingOut ? 0 : -1
    }

    private func continueLayout() {
        guard timers.continueLayout(&player) else { return }
        follow(at: MonotonicClock.now())
    }
}
