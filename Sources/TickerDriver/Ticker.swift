import MarqueeCore
import MarqueeFormats
import MarqueeIO

/// One ticker on any display: the driver every backend shares. It owns the player and its
/// alarms, takes the backend's events after each drain (frame times, input, sizes, scale) and
/// turns them into the player's inputs and the player's plans into frames on screen; it turns
/// the player's decisions into frames on or off, an alarm at a rest's end or a page switch, a
/// redraw of what stands.
///
/// Everything runs on the event loop's thread, at one place: each turn of the loop drains the
/// backend and handles what it said, then the loop sleeps. Frames are asked for only while the
/// player wants them, so a ticker with nothing moving sleeps.
public final class Ticker: PlayerHost {
    let backend: TickerBackend
    /// The backend's queue of frames ahead, where its display has one.
    private let queue: FrameQueue?
    /// Every decision: what is on the strip, how it moves, what a frame shows.
    public internal(set) var player: MarqueePlayer
    /// Alarms at a rest's end and at a page switch (nil only while being made).
    private var timers: PlayerTimers?
    let clock: DriverClock
    /// The loop the driver takes its turns on. Held strongly: a weak reference would slow every
    /// retain of the loop, which happens every turn.
    let loop: EventLoop
    public private(set) var statistics = FrameStatistics()
    /// The backend's events of a drain, handled after it returns (kept to reuse its storage).
    private var events: [BackendEvent] = []
    /// Whether frames are asked of the backend now.
    private var framesWanted = false
    /// The last vblank a handed frame is queued for (a batch's last).
    private var queuedThrough: UInt64 = 0
    /// How frames reach the screen, as the backend last said.
    public private(set) var presentation = FramePresentation()
    /// Device pixels per logical pixel of the surface, once the display has said (a Wayland
    /// output's scale); nil where it never does.
    public private(set) var surfaceScale: Double?
    /// The refresh period the last frame was planned with.
    public private(set) var refreshPeriod: Double
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
    /// The label standing at the lane's start edge, as last shown (`Ticker+Label`).
    var label: LaneLabel?

    /// Turns a drain may take before the loop sleeps: events a drain brings are handled, and the
    /// requests they made are sent by the next drain, which normally brings nothing.
    static let drainRounds = 8

    /// A ticker over `backend`, laying out with `shaper` (and `reordering` for bidi text), taking
    /// its turns on `loop` with time from `clock` (the loop's own unless a test gives another).
    public init(backend: TickerBackend, shaper: TextShaper, reordering: LineReordering? = nil, style: TickerStyle,
                loop: EventLoop, clock: DriverClock? = nil) throws(DriverError) {
        self.backend = backend
        queue = backend as? FrameQueue
        self.loop = loop
        self.clock = clock ?? LoopClock(loop: loop)
        refreshPeriod = 1.0 / 60
        player = MarqueePlayer(style: style, shapes: ShapeCache(shaper: shaper), width: 0, refreshPeriod: refreshPeriod,
                               reordering: reordering)
        timers = PlayerTimers(clock: self.clock,
                              pageTimeUp: { [unowned self] in self.update { player, now in player.pageTimeUp(at: now) } },
                              restOver: { [unowned self] in self.follow(at: self.clock.now) })
        guard timers != nil else { throw .noTimer }
        // Every loop turn: an unchecked reference, as for the clock. The loop owns this closure,
        // and `deinit` takes it back before the ticker goes.
        loop.prepareToWait = { [unowned(unsafe) self] in self.turn() }
        // What the display has said already (a window's width): text set before the loop's
        // first turn is laid out for it.
        _ = turn()
    }

    deinit { loop.prepareToWait = { -1 } }

    /// The message at the reading edge (the page under reduced motion), as `ctl status` says it:
    /// what a screen reader reads as the ticker's name, on demand.
    public var messageOnScreen: String? { StatusReport.message(onScreen: player) }
    /// That message, and whether it is the only one (which never leaves the edge).
    public var readingEdge: ReadingEdge {
        ReadingEdge(text: messageOnScreen, isOnlyMessage: player.content.messageCount == 1)
    }
    /// Whether any of it can be seen (mapped and not wholly covered).
    public var isShowing: Bool { player.visibility.isVisible }

    /// Applies a change to the player now, then follows what it decided (frames, timers, a redraw).
    public func update(_ change: (inout MarqueePlayer, _ now: Double) -> Void) {
        let now = clock.now
        player.catchUp(to: now)
        change(&player, now)
        follow(at: now)
    }

    public func describeFrames(into report: inout StatusReport) {
        report.present = presentation.paced
        report.tearFree = presentation.tearFree
    }

    // MARK: Changes the display's side takes part in

    /// New colours, fade width or item box (a reloaded config, a new DPI): painted again at once.
    public func setLook(_ look: TickerLook) {
        backend.setLook(look)
        // Frames queued ahead were painted in the old look.
        replanQueuedFrames(at: clock.now)
        drawNow()
    }

    /// A new font: the messages are measured with it, then replace the text in place.
    public func setFont(_ shaper: TextShaper) {
        update { player, _ in player.setShapes(ShapeCache(shaper: shaper)) }
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
        if player.isLayingOut, timers?.continueLayout(&player, clock: { [clock] in clock.now }) == true {
            follow(at: clock.now)
        }
        var timeout: Int32 = -1
        for _ in 0..<Self.drainRounds {
            timeout = backend.drain(into: &events)
            if events.isEmpty { return player.isLayingOut ? 0 : timeout }
            for event in events where loop.isRunning { handle(event) }
            events.removeAll(keepingCapacity: true)
            guard loop.isRunning else { return timeout }
        }
        // Still events after as many rounds: the loop comes back at once rather than sleeping.
        return 0
    }

    // MARK: The display's events as the player's inputs, the player's decisions as frames

    private func handle(_ event: BackendEvent) {
        if case .frame(let frame) = event {
            // Posted before frames were switched off in the same drain: nothing is wanted of it.
            guard framesWanted else { return }
            return self.frame(frame)
        }
        let now = clock.now
        player.catchUp(to: now)
        switch event {
        case .frame: break
        case .resized(let width):
            player.resize(width: width, at: now)
            follow(at: now)
            drawNow()
        case .mapped(let mapped):
            player.setVisibility(mapped: mapped, at: now)
            follow(at: now)
        case .obscured(let obscured):
            player.setVisibility(fullyObscured: obscured, at: now)
            follow(at: now)
        case .damaged:
            // What stands is painted anew (a compositor came or went): so are the frames queued ahead.
            replanQueuedFrames(at: now)
            drawNow()
        case .input(let input):
            if case .openLink(let link)? = player.handle(input, at: now) { openLink?(link) }
            // The pointer moving over the window without a button changes nothing frames show:
            // only its shape may change.
            if case .move = input, !player.motion.isDragging { return backend.showPointer(overLink: player.pointerOverLink) }
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

    /// The frame for a vblank (and, where the display queues frames, the batch after it).
    private func frame(_ frame: FrameTime) {
        refreshPeriod = frame.period
        player.setRefreshPeriod(frame.period, atFrame: frame.time)
        guard let plan = player.frames(at: frame.time, period: frame.period, limit: queue?.batchLimit ?? .single) else {
            return follow(at: frame.time)
        }
        // The text moves under a pointer that stands still: a link may have come or gone.
        if player.pointerX != nil { backend.showPointer(overLink: player.pointerOverLink) }
        guard backend.show(plan, at: frame) else { return }
        statistics.noteShown(counter: frame.counter, count: plan.frameCount)
        queuedThrough = frame.counter + UInt64(plan.frameCount - 1)
        run(plan.demand)
        // A message that comes to stand (hold mode) is said as its frames are handed.
        speak()
    }

    /// Follows the player's decisions after a change: frames, the rest and page alarms, the
    /// pointer's shape, and a redraw when what stands still changed.
    func follow(at now: Double) {
        speak()
        run(player.demand(at: now))
        timers?.follow(pages: player.pages)
        backend.showPointer(overLink: player.pointerOverLink)
        replanQueuedFrames(at: now)
        if player.needsRedraw(at: now) { drawNow() }
    }

    /// Hands what the player has for a screen reader to whoever speaks to the accessibility bus.
    private func speak() {
        guard !player.announcements.isEmpty else { return }
        for announcement in player.takeAnnouncements() { onAnnouncement?(announcement) }
    }

    private func desktopChanged() {
        guard let onDesktopChange else { return desktopChangeOwed = true }
        onDesktopChange()
    }

    /// Frames while the player wants the next one; otherwise none, and an alarm at a rest's end.
    private func run(_ demand: FrameDemand) {
        if demand == .nextFrame {
            framesWanted = true
            return backend.setFramesWanted(true)
        }
        if framesWanted {
            framesWanted = false
            backend.setFramesWanted(false)
        }
        statistics.noteStopped()
        timers?.rest(demand)
    }

    /// Frames queued ahead were planned on the motion and picture as they were: after a change,
    /// plan again from the next vblank at once, replacing them (the backend supersedes frames
    /// queued for the same vblanks). Nothing waits for the batch to run out.
    private func replanQueuedFrames(at now: Double) {
        // Also when frames have just stopped (a speed of 0): the frame of the next vblank then
        // shows where the text stands, in place of the motion queued beyond it.
        guard let queue, let next = queue.nextFrame(after: now), next.counter < queuedThrough else { return }
        queuedThrough = 0
        frame(next)
    }

    /// Draws the last position shown again, at once: static text, exposures, resizes (where
    /// waiting for a frame would show newly exposed area unpainted).
    private func drawNow() {
        guard player.visibility.isVisible else { return }
        _ = backend.show(player.still(), at: nil)
    }
}
