import FontMatching
import MarqueeCore
import MarqueeFormats
import MarqueeIO

/// One ticker on any display: the driver every backend shares. It owns the player and its
/// timers, turns the backend's clock into frames (clock → player → plan → backend), the
/// display's events into the player's inputs, and the player's decisions into frames on or off,
/// a timer to a rest's end or a page switch, a redraw of what stands.
///
/// Everything runs on the event loop's thread; frames are asked for only while the player wants
/// them, so a ticker with nothing moving sleeps.
public final class Ticker: PlayerHost {
    public let backend: TickerBackend
    /// Every decision: what is on the strip, how it moves, what a frame shows.
    public private(set) var player: MarqueePlayer
    private let frames: FrameSource
    /// Wake the loop when a rest in the program ends, and when a page has had its reading time.
    private let timers: PlayerTimers
    /// The loop the ticker's handlers are installed on, to take them back. Held strongly: a weak
    /// reference would slow every retain of the loop, which happens every turn.
    private let loop: EventLoop
    public private(set) var statistics = FrameStatistics()
    /// Opens a clicked link; the app supplies it (an argument vector to xdg-open, never a shell).
    public var openLink: ((String) -> Void)?
    /// Called after each frame handed to the backend: its strip position, sub-pixel phase and the
    /// time it is shown at.
    public var onFrameDrawn: ((_ position: Int, _ phase: Int, _ time: Double) -> Void)?
    /// The surface's scale changed (a Wayland output's): the app lays out at the new size.
    public var onScaleChanged: ((Double) -> Void)?
    /// Something for a screen reader to say (an urgent message, the reader key's request),
    /// whichever display this is; the app passes it to the accessibility bus.
    public var onAnnouncement: ((Announcement) -> Void)?

    /// The message at the reading edge (the page under reduced motion), as `ctl status` says it:
    /// what a screen reader reads as the ticker's name, on demand.
    public var messageOnScreen: String? { StatusReport.message(onScreen: player) }
    /// That message, and whether it is the only one (which never leaves the edge).
    public var readingEdge: ReadingEdge {
        ReadingEdge(text: messageOnScreen, isOnlyMessage: player.content.messageCount == 1)
    }
    /// Whether any of it can be seen (mapped and not wholly covered).
    public var isShowing: Bool { player.visibility.isVisible }

    public var refreshPeriod: Double { frames.period }
    /// The strip position on screen now: of the frame of a queued batch whose vblank came last.
    public var shownPosition: Int {
        player.catchUp(to: MonotonicClock.now())
        return player.strip.position
    }
    /// Its sub-pixel phase (see `SubpixelGrid`).
    public var shownPhase: Int {
        player.catchUp(to: MonotonicClock.now())
        return player.strip.phase
    }

    public init(backend: TickerBackend, shaper: TextShaper, style: TickerStyle, loop: EventLoop) throws(DriverError) {
        guard let timers = PlayerTimers() else { throw .noTimer }
        self.backend = backend
        frames = backend.frames
        self.timers = timers
        self.loop = loop
        player = MarqueePlayer(style: style, shapes: ShapeCache(shaper: shaper), width: backend.width,
                               refreshPeriod: frames.period, reordering: BidiReordering())
        // Unowned(unsafe), not unowned: the backend is the ticker's own and calls only while the
        // ticker lives, and a checked unowned reference costs a retain and release every frame.
        frames.onFrame = { [unowned(unsafe) self] counter, time in self.frame(counter: counter, time: time) }
        backend.deliver = { [unowned(unsafe) self] event in self.handle(event) }
        install(on: loop)
    }

    /// Takes back from the loop and the backend everything that calls into the ticker.
    deinit {
        loop.prepareToWait = { -1 }
        loop.onTimeout = {}
        timers.uninstall(from: loop)
        frames.onFrame = { _, _ in }
        backend.deliver = { _ in }
    }

    /// Applies a change to the player now, then follows what it decided (frames, timers, a redraw).
    public func update(_ change: (inout MarqueePlayer, _ now: Double) -> Void) {
        let now = MonotonicClock.now()
        player.catchUp(to: now)
        change(&player, now)
        follow(at: now)
    }

    public func describeFrames(into report: inout StatusReport) {
        backend.describeFrames(into: &report)
    }

    // MARK: Changes the display's side takes part in

    /// New colours, fade width or item box (a reloaded config, a new DPI): painted again at once.
    public func setLook(_ look: TickerLook) {
        backend.setLook(look)
        // Frames queued ahead were painted in the old look.
        replanQueuedFrames(at: MonotonicClock.now())
        drawNow()
    }

    /// A new font: the messages are measured with it, then replace the text in place.
    public func setFont(_ shaper: TextShaper) {
        update { player, _ in player.setShapes(ShapeCache(shaper: shaper)) }
    }

    /// Shows the surface; frames start when the display says it is shown.
    public func show() { backend.present() }

    // MARK: Frames

    private func frame(counter: UInt64, time: Double) {
        player.setRefreshPeriod(frames.period, atFrame: time)
        let period = frames.period
        guard let plan = player.frames(at: time, period: period, limit: backend.batchLimit) else { return follow(at: time) }
        // The text moves under a pointer that stands still: a link may have come or gone.
        if player.pointerX != nil { backend.showPointer(overLink: player.pointerOverLink) }
        guard backend.show(plan, counter: counter) else { return }
        statistics.noteShown(counter: counter, count: plan.frameCount)
        queuedThrough = counter + UInt64(plan.frameCount - 1)
        if let onFrameDrawn {
            onFrameDrawn(plan.position, plan.phase, time)
            for (index, point) in plan.following.enumerated() {
                onFrameDrawn(point.position, point.phase, time + Double(index + 1) * period)
            }
        }
        timers.run(plan.demand, pacer: frames, statistics: &statistics)
    }

    /// The last vblank a handed frame is queued for (a batch's last).
    private var queuedThrough: UInt64 = 0

    /// Follows the player's decisions after a change: frames, the rest and page timers, the
    /// pointer's shape, and a redraw when what stands still changed.
    private func follow(at now: Double) {
        if !player.announcements.isEmpty {
            for announcement in player.takeAnnouncements() { onAnnouncement?(announcement) }
        }
        timers.follow(player, at: now, pacer: frames, statistics: &statistics)
        backend.showPointer(overLink: player.pointerOverLink)
        replanQueuedFrames(at: now)
        if player.needsRedraw(at: now) { drawNow() }
    }

    /// Frames queued ahead were planned on the motion and picture as they were: after a change,
    /// plan again from the next vblank at once, replacing them (the backend supersedes frames
    /// queued for the same vblanks). Nothing waits for the batch to run out.
    private func replanQueuedFrames(at now: Double) {
        // Also when frames have just stopped (a speed of 0): the frame of the next vblank then
        // shows where the text stands, in place of the motion queued beyond it.
        guard let next = frames.nextFrame(after: now), next.counter < queuedThrough else { return }
        queuedThrough = 0
        frame(counter: next.counter, time: next.time)
    }

    /// Draws the last position shown again, at once: static text, exposures, resizes (where
    /// waiting for a frame would show newly exposed area unpainted).
    private func drawNow() {
        guard player.visibility.isVisible else { return }
        backend.showStill(player.still())
    }

    // MARK: The display's events

    private func handle(_ event: BackendEvent) {
        let now = MonotonicClock.now()
        player.catchUp(to: now)
        switch event {
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
            // What stands is painted anew (a compositor came or went, new colours): so are the
            // frames queued ahead.
            replanQueuedFrames(at: now)
            drawNow()
        case .input(let input):
            if case .openLink(let link)? = player.handle(input, at: now) { openLink?(link) }
            // The pointer moving over the window without a button changes nothing frames show.
            if case .move = input, !player.motion.isDragging { return hover() }
            follow(at: now)
        case .closed:
            loop.stop(status: ExitStatus.success.rawValue)
        case .lost:
            loop.stop(status: ExitStatus.displayLost.rawValue)
        case .scale(let scale):
            onScaleChanged?(scale)
        }
    }

    /// The pointer moved over the window: only its shape may change.
    private func hover() { backend.showPointer(overLink: player.pointerOverLink) }

    private func install(on loop: EventLoop) {
        timers.install(on: loop, pageTimeUp: { [unowned self] in self.update { player, now in player.pageTimeUp(at: now) } },
                       restOver: { [unowned self] in self.follow(at: MonotonicClock.now()) })
        // Every loop turn: unchecked references, as for the clock. The loop owns this closure,
        // and `deinit` takes it back before the ticker goes.
        loop.prepareToWait = { [unowned(unsafe) self] in self.prepareToWait() }
        loop.onTimeout = { [unowned self] in self.backend.loopTimedOut() }
    }

    /// Before each sleep: a slice of a layout in progress, then the backend reads its display
    /// and flushes; the loop sleeps as long as the backend allows (not at all mid-layout).
    private func prepareToWait() -> Int32 {
        if player.content.isLayingOut, timers.continueLayout(&player) { follow(at: MonotonicClock.now()) }
        let timeout = backend.prepareToWait()
        return player.content.isLayingOut ? 0 : timeout
    }
}
