import CLinux
import CX11
import FontMatching
import Glibc
import MarqueeCore
import MarqueeIO

/// One ticker window: X events go into the player, the player's frame plans go to the compositor.
///
/// The frame path runs one way: pacer → ticker → player (pure) → compositor → ticker → pacer; the
/// ticker alone drives the pacer. Everything runs on the event loop's thread; frames are asked
/// for only while the player wants them.
public final class Ticker {
    let connection: XConnection
    public let window: TickerWindow
    /// Every decision: what is on the strip, how it moves, what a frame shows.
    public private(set) var player: MarqueePlayer
    private let compositor: Compositor
    private let pacer: FramePacer
    /// Wake the loop when a rest in the program ends, and when a page has had its reading time.
    private let timers: PlayerTimers
    private let cursor: PointerCursor
    /// The loop the ticker's handlers are installed on (`install(on:)`), to take them back. Held
    /// strongly: a weak reference would slow every retain of the loop, which happens every turn.
    private let loop: EventLoop
    public private(set) var statistics = FrameStatistics()
    /// Handlers offered the X events the ticker does not use (see `addEventHandler`).
    private var eventHandlers: [(inout XEvent) -> Bool] = []
    /// Opens a clicked link; the app supplies it (an argument vector to xdg-open, never a shell).
    public var openLink: ((String) -> Void)?
    /// Called after each frame handed over, with its strip position and vblank time.
    public var onFrameDrawn: ((_ position: Int, _ time: Double) -> Void)?

    public var usesPresent: Bool { pacer is PresentPacer }
    /// Frames reach the window only at their vblank (Present, and no compositing manager).
    public var isTearFree: Bool { usesPresent && compositor.isTearFree }
    public var refreshPeriod: Double { pacer.period }
    public var shownPosition: Int { player.strip.position }
    /// Its sub-pixel phase (see `SubpixelGrid`).
    public var shownPhase: Int { player.strip.phase }

    public init(connection: XConnection, window: TickerWindow, font: FontSet, style: TickerStyle, loop: EventLoop,
                allowPresent: Bool = true) throws(TickerError) {
        guard let timers = PlayerTimers() else { throw .noTimer(errno: errno) }
        let hz = RefreshRate.current(on: connection)
        if allowPresent, let present = PresentPacer(connection: connection, window: window.id, refreshHz: hz) {
            pacer = present
        } else {
            guard let timed = TimerPacer(refreshHz: hz, loop: loop) else { throw .noTimer(errno: errno) }
            pacer = timed
        }
        self.connection = connection
        self.window = window
        self.timers = timers
        self.loop = loop
        player = MarqueePlayer(style: style, shapes: ShapeCache(shaper: font), width: window.width,
                               refreshPeriod: pacer.period, reordering: BidiReordering())
        compositor = Compositor(connection: connection, window: window, font: font, look: style.look)
        cursor = PointerCursor(connection: connection, window: window.id)
        // Unowned(unsafe), not unowned: the pacer is the ticker's own and calls only while the
        // ticker lives, and a checked unowned reference costs a retain and release every frame.
        pacer.onFrame = { [unowned(unsafe) self] counter, time in self.frame(counter: counter, time: time) }
        install(on: loop)
        window.selectInput()
        compositor.onRepaint = { [unowned self] in self.drawNow() }
        addEventHandler { [unowned self] in self.compositor.handle(&$0) }
    }

    /// Applies a change to the player now, then follows what it decided (frames, timers, a redraw).
    public func update(_ change: (inout MarqueePlayer, _ now: Double) -> Void) {
        let now = MonotonicClock.now()
        change(&player, now)
        follow(at: now)
    }

    // MARK: Changes the window's side takes part in

    /// New colours, fade width or item box (a reloaded config, a new DPI): painted again at once.
    public func setLook(_ look: TickerLook) {
        compositor.setLook(look)
        drawNow()
    }

    /// A new font: the messages are measured with it, then replace the text in place.
    public func setFont(_ newFont: FontSet) {
        update { player, _ in player.setShapes(ShapeCache(shaper: newFont)) }
    }

    // MARK: Frames

    private func frame(counter: UInt64, time: Double) {
        player.setRefreshPeriod(pacer.period, atFrame: time)
        guard let plan = player.frame(at: time) else { return follow(at: time) }
        if player.pointerX != nil { cursor.show(hand: player.pointerOverLink) }
        switch compositor.show(plan, presentable: pacer.presentsPixmaps) {
        case .drawn: pacer.frameDrawn(counter: counter)
        case .present(let pixmap, let xOffset): pacer.present(pixmap, xOffset: xOffset, counter: counter)
        }
        statistics.noteShown(counter: counter)
        onFrameDrawn?(plan.position, time)
        timers.run(plan.demand, pacer: pacer, statistics: &statistics)
    }

    /// Follows the player's decisions after a change: frames, the rest and page timers, the
    /// cursor, and a redraw when what stands still changed.
    private func follow(at now: Double) {
        timers.follow(player, at: now, pacer: pacer, statistics: &statistics)
        cursor.show(hand: player.pointerOverLink)
        if player.needsRedraw(at: now) { drawNow() }
    }

    /// Draws the last position shown again, at once: static text, exposures, resizes (where
    /// waiting for a frame would show newly exposed area unpainted).
    private func drawNow() {
        guard player.visibility.isVisible else { return }
        compositor.draw(player.still())
    }

    // MARK: Events

    private func install(on loop: EventLoop) {
        // Readable X connection: nothing to do here, the wait ends and `prepareToWait` drains.
        loop.watch(connection.fd) { _ in }
        timers.install(on: loop, pageTimeUp: { [unowned self] in self.update { player, now in player.pageTimeUp(at: now) } },
                       restOver: { [unowned self] in self.follow(at: MonotonicClock.now()) })
        // Every loop turn: unchecked references, as for the pacer. The loop owns this closure,
        // and `deinit` takes it back before the ticker goes.
        loop.prepareToWait = { [unowned(unsafe) self, unowned(unsafe) loop] in self.prepareToWait(on: loop) }
        loop.onTimeout = { [unowned self] in self.pacer.timedOut() }
    }

    /// Takes back from the loop everything that calls into the ticker.
    deinit {
        loop.prepareToWait = { -1 }
        loop.onTimeout = {}
        loop.unwatch(connection.fd)
        timers.uninstall(from: loop)
    }

    /// Before each sleep: a slice of a layout in progress, every queued X event and completion,
    /// the requests flushed; the loop then sleeps until the pacer's deadline (not at all mid-layout).
    /// Completions first (a frame's wake), then Xlib's events and the flush, and completions again
    /// until there are none: a completion xcb read while flushing is in no queue epoll watches.
    private func prepareToWait(on loop: EventLoop) -> Int32 {
        if player.content.isLayingOut { continueLayout() }
        _ = pacer.takeCompletions()
        repeat {
            connection.drainEvents(while: { loop.isRunning }) { handle(&$0, loop: loop) }
        } while loop.isRunning && pacer.takeCompletions()
        // The drain ends with a flush unless the loop was stopped in the middle of it.
        if !loop.isRunning { connection.flush() }
        return player.content.isLayingOut ? 0 : pacer.waitTimeout
    }

    private func continueLayout() {
        guard timers.continueLayout(&player) else { return }
        follow(at: MonotonicClock.now())
    }

    private func handle(_ event: inout XEvent, loop: EventLoop) {
        let now = MonotonicClock.now()
        // Events about other windows (a shared connection, the root for RandR) are not ours.
        guard event.xany.window == window.id else { return offer(&event) }
        switch event.type {
        case ConfigureNotify:
            resized(width: Int(event.xconfigure.width), height: Int(event.xconfigure.height))
        case Expose where event.xexpose.count == 0:
            drawNow()
        case MapNotify, UnmapNotify:
            player.setVisibility(mapped: event.type == MapNotify, at: now)
            follow(at: now)
        case VisibilityNotify:
            player.setVisibility(fullyObscured: event.xvisibility.state == VisibilityFullyObscured, at: now)
            follow(at: now)
        case ClientMessage where Atom(event.xclient.data.l.0) == window.deleteAtom:
            loop.stop(status: ExitStatus.success.rawValue)
        case DestroyNotify:
            loop.stop(status: ExitStatus.success.rawValue)
        default:
            guard let input = PlayerInput(event: &event) else { return offer(&event) }
            if case .openLink(let link)? = player.handle(input, at: now) { openLink?(link) }
            follow(at: now)
        }
    }

    private func offer(_ event: inout XEvent) {
        for handler in eventHandlers where handler(&event) { return }
    }

    /// Adds a handler for the X events the ticker does not handle itself (RandR changes for a
    /// docked bar, for instance); it returns true when the event was its own. The ticker is the
    /// one reader of the connection, so everyone else hears about events through here.
    public func addEventHandler(_ handler: @escaping (inout XEvent) -> Bool) {
        eventHandlers.append(handler)
    }

    /// New buffers (and tiles for a new height) before the next frame, and a redraw at once so a
    /// live resize never shows unpainted area.
    private func resized(width: Int, height: Int) {
        guard window.noteSize(width: width, height: height) else { return }
        compositor.resize(height: height)
        update { player, now in player.resize(width: width, at: now) }
        drawNow()
    }

    /// Maps the window; frames start when the server confirms it is mapped.
    public func show() {
        window.map()
        connection.flush()
    }
}
