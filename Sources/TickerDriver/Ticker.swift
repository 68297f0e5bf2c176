import MarqueeCore
import MarqueeFormats
import MarqueeIO

/// One ticker on any display: the driver every backend shares. It owns the lanes (a player and
/// its alarms each; one lane unless the bar stacks several), takes the backend's events after
/// each drain (frame times, input, sizes, scale) and turns them into the players' inputs and
/// their plans into frames on screen, every lane's in the same frame; it turns the players'
/// decisions into frames on or off, an alarm at a rest's end or a page switch, a redraw of what
/// stands.
///
/// Everything runs on the event loop's thread, at one place: each turn of the loop drains the
/// backend and handles what it said, then the loop sleeps. Frames are asked for only while the
/// player wants them, so a ticker with nothing moving sleeps.
public final class Ticker: PlayerHost {
    let backend: TickerBackend
    /// The backend's queue of frames ahead, where its display has one.
    let queue: FrameQueue?
    /// The bar's lanes, top to bottom: one player over its own strip each.
    let lanes: [Lane]
    let clock: DriverClock
    /// The loop the driver takes its turns on. Held strongly: a weak reference would slow every
    /// retain of the loop, which happens every turn.
    let loop: EventLoop
    public internal(set) var statistics = FrameStatistics()
    /// The backend's events of a drain, handled after it returns (kept to reuse its storage).
    private var events: [BackendEvent] = []
    /// Every lane's plan of a frame, handed to the backend together (kept to reuse its storage).
    var plans: [FramePlan?] = []
    /// Whether frames are asked of the backend now.
    var framesWanted = false
    /// The last vblank a handed frame is queued for (a batch's last).
    var queuedThrough: UInt64 = 0
    /// How much of the display's lateness the motion may still absorb (`absorbSlip`).
    var slips = SlipAllowance()
    /// How frames reach the screen, as the backend last said.
    public private(set) var presentation = FramePresentation()
    /// Device pixels per logical pixel of the surface, once the display has said (a Wayland
    /// output's scale); nil where it never does.
    public private(set) var surfaceScale: Double?
    /// The refresh period the last frame was planned with.
    public internal(set) var refreshPeriod: Double
    /// Opens a clicked link; the app supplies it (an argument vector to xdg-open, never a shell).
    public var openLink: ((String) -> Void)?
    /// The desktop's settings as the display gives them changed, or the surface's scale: the app
    /// resolves its options again and applies them. A change the display said before the app set
    /// this (in the ticker's first turn: a compositor's preferred scale) is told when it is set.
    public var onDesktopChange: (() -> Void)? {
        didSet {
            guard desktopChangeOwed, let onDesktopChange else { return }
            desktopChangeOwed = false
            onDesktopChange()
        }
    }
    /// A desktop change came while no one listened.
    private var desktopChangeOwed = false
    /// Something for a screen reader to say (an urgent message, the reader key's request),
    /// whichever display this is; the app passes it to the accessibility bus.
    public var onAnnouncement: ((Announcement) -> Void)?
    /// The bar's menu: on or off, what is open, who carries out the app's items.
    public let menu = TickerMenu()

    /// Turns a drain may take before the loop sleeps: events a drain brings are handled, and the
    /// requests they made are sent by the next drain, which normally brings nothing.
    static let drainRounds = 8

    /// A ticker of one lane over `backend`, laying out with `shaper` (and `reordering` for bidi
    /// text), taking its turns on `loop` with time from `clock` (the loop's own unless a test
    /// gives another).
    public convenience init(backend: TickerBackend, shaper: TextShaper, reordering: LineReordering? = nil, style: TickerStyle,
                            loop: EventLoop, clock: DriverClock? = nil) throws(DriverError) {
        try self.init(backend: backend, lanes: [LaneSetup(style: style, shaper: shaper)], reordering: reordering, loop: loop, clock: clock)
    }

    /// A ticker of `lanes` (at least one), top to bottom, over `backend`.
    public init(backend: TickerBackend, lanes setups: [LaneSetup], reordering: LineReordering? = nil,
                loop: EventLoop, clock: DriverClock? = nil) throws(DriverError) {
        precondition(!setups.isEmpty, "a ticker has a lane")
        self.backend = backend
        queue = backend as? FrameQueue
        self.loop = loop
        self.clock = clock ?? LoopClock(loop: loop)
        refreshPeriod = 1.0 / 60
        lanes = setups.map { setup in
            Lane(player: MarqueePlayer(style: setup.style, shapes: ShapeCache(shaper: setup.shaper), width: 0,
                                       refreshPeriod: 1.0 / 60, reordering: reordering))
        }
        plans.reserveCapacity(lanes.count)
        for lane in lanes {
            lane.timers = PlayerTimers(clock: self.clock,
                                       pageTimeUp: { [unowned self, unowned lane] in self.update(lane) { player, now in player.pageTimeUp(at: now) } },
                                       restOver: { [unowned self] in self.follow(at: self.clock.now) })
            guard lane.timers != nil else { throw .noTimer }
        }
        // Every loop turn: an unchecked reference, as for the clock. The loop owns this closure,
        // and `deinit` takes it back before the ticker goes.
        loop.prepareToWait = { [unowned(unsafe) self] in self.turn() }
        // What the display has said already (a window's width): text set before the loop's
        // first turn is laid out for it.
        _ = turn()
    }

    deinit { loop.prepareToWait = { -1 } }

    /// The first lane's player: the one `ctl status`, the reading edge and a one-lane bar speak of.
    public var player: MarqueePlayer { lanes[0].player }
    /// Lane `index`'s player.
    public func player(ofLane index: Int) -> MarqueePlayer { lanes[index].player }

    /// The message at the reading edge (the page under reduced motion), as `ctl status` says it:
    /// what a screen reader reads as the ticker's name, on demand.
    public var messageOnScreen: String? { StatusReport.message(onScreen: player) }
    /// That message, and whether it is the only one (which never leaves the edge).
    public var readingEdge: ReadingEdge { readingEdge(ofLane: 0) }

    /// Lane `index`'s message at its reading edge, and whether it is its only one.
    public func readingEdge(ofLane index: Int) -> ReadingEdge {
        let player = lanes[index].player
        return ReadingEdge(text: StatusReport.message(onScreen: player), isOnlyMessage: player.content.messageCount == 1)
    }
    /// Whether any of it can be seen (mapped and not wholly covered).
    public var isShowing: Bool { player.visibility.isVisible }

    /// Applies a change to every lane's player now (a pause, a speed from `ctl`), then follows
    /// what they decided (frames, timers, a redraw).
    public func update(_ change: (inout MarqueePlayer, _ now: Double) -> Void) {
        let now = clock.now
        for lane in lanes {
            lane.player.catchUp(to: now)
            change(&lane.player, now)
        }
        follow(at: now)
    }

    /// Applies a change to lane `index`'s player alone (its messages, its style).
    public func update(lane index: Int, _ change: (inout MarqueePlayer, _ now: Double) -> Void) {
        update(lanes[index], change)
    }

    func update(_ lane: Lane, _ change: (inout MarqueePlayer, _ now: Double) -> Void) {
        let now = clock.now
        lane.player.catchUp(to: now)
        change(&lane.player, now)
        follow(at: now)
    }

    public func describeFrames(into report: inout StatusReport) {
        report.present = presentation.paced
        report.tearFree = presentation.tearFree
    }

    public func describeLanes(into report: inout StatusReport) {
        report.lanes = lanes.map { lane in
            let motion = lane.player.motion
            return StatusReport.Lane(message: StatusReport.message(onScreen: lane.player), label: lane.label?.text, speed: motion.speed,
                                     direction: motion.direction.rawValue, paused: lane.player.isPaused)
        }
    }

    // MARK: Changes the display's side takes part in

    /// New colours, fade width or item box for lane `index` (a reloaded config, a new DPI):
    /// painted again at once.
    public func setLook(_ look: TickerLook, lane index: Int = 0) {
        backend.setLook(look, lane: index)
        // Frames queued ahead were painted in the old look.
        replanQueuedFrames(at: clock.now)
        drawNow()
    }

    /// A new font for lane `index`: its messages are measured with it, then replace the text in place.
    public func setFont(_ shaper: TextShaper, lane index: Int = 0) {
        update(lane: index) { player, _ in player.setShapes(ShapeCache(shaper: shaper)) }
    }

    /// A new height, monitor or window state (a reloaded config); what the display cannot
    /// honour is said, never dropped.
    @discardableResult
    public func place(_ placement: PlacementUpdate) -> [PlacementRefusal] {
        let refused = backend.place(placement)
        for refusal in refused { Diagnostics.warn(refusal.description) }
        return refused
    }

    // MARK: Turns of the loop

    /// Before each sleep: a slice of a layout in progress, then the backend drained and what it
    /// said handled, until a drain brings nothing (it has sent the requests the handling made).
    /// The loop sleeps as long as the backend allows (not at all mid-layout).
    private func turn() -> Int32 {
        var layingOut = false
        for lane in lanes where lane.player.isLayingOut {
            if lane.timers?.continueLayout(&lane.player, clock: { [clock] in clock.now }) == true { follow(at: clock.now) }
            layingOut = layingOut || lane.player.isLayingOut
        }
        var timeout: Int32 = -1
        for _ in 0..<Self.drainRounds {
            timeout = backend.drain(into: &events)
            if events.isEmpty { return layingOut || lanes.contains(where: { $0.player.isLayingOut }) ? 0 : timeout }
            for event in events where loop.isRunning { handle(event) }
            events.removeAll(keepingCapacity: true)
            guard loop.isRunning else { return timeout }
        }
        // Still events after as many rounds: the loop comes back at once rather than sleeping.
        return 0
    }

    // MARK: The display's events as the players' inputs

    private func handle(_ event: BackendEvent) {
        if case .frame(let frame) = event {
            // Posted before frames were switched off in the same drain: nothing is wanted of it.
            guard framesWanted else { return }
            return self.frame(frame)
        }
        let now = clock.now
        for lane in lanes { lane.player.catchUp(to: now) }
        switch event {
        case .frame: break
        case .resized(let width, let height, let index):
            lanes[index].player.resize(width: width, height: height, at: now)
            follow(at: now)
            drawNow()
        case .mapped(let mapped):
            for lane in lanes { lane.player.setVisibility(mapped: mapped, at: now) }
            follow(at: now)
        case .obscured(let obscured):
            for lane in lanes { lane.player.setVisibility(fullyObscured: obscured, at: now) }
            follow(at: now)
        case .damaged:
            // What stands is painted anew (a compositor came or went): so are the frames queued ahead.
            replanQueuedFrames(at: now)
            drawNow()
        case .input(.key(let key), _):
            // Keys have no place on the bar: every lane pauses, scrubs or speeds up alike.
            for lane in lanes { _ = lane.player.handle(.key(key), at: now) }
            follow(at: now)
        case .input(let input, let index):
            let lane = lanes[index]
            if case .openLink(let link)? = lane.player.handle(input, at: now) { openLink?(link) }
            // The pointer moving over the window without a button changes nothing frames show:
            // only its shape may change.
            if case .move = input, !lane.player.motion.isDragging { return showPointer() }
            follow(at: now)
        case .closed:
            loop.stop(status: ExitStatus.success.rawValue)
        case .lost:
            loop.stop(status: ExitStatus.displayLost.rawValue)
        case .scale(let scale):
            surfaceScale = scale
            desktopChanged()
        case .desktopChanged:
            desktopChanged()
        case .presentation(let presentation):
            self.presentation = presentation
        case .menuRequested(let anchor):
            openMenu(at: anchor)
        case .menuChosen(let index):
            chooseMenuItem(index)
        case .menuDismissed:
            menu.shown = nil
        case .menuHighlighted(let index):
            menu.highlighted = index
        }
    }

    private func desktopChanged() {
        guard let onDesktopChange else { return desktopChangeOwed = true }
        onDesktopChange()
    }
}
