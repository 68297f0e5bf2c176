import CX11
import MarqueeCore
import MarqueeIO

/// The ticker: owns the strip, the motion and the frame loop of one window.
///
/// Everything runs on the event loop's thread. Frames are wanted only while text moves in a
/// mapped, not fully obscured window; otherwise the pacer is stopped and the process sleeps.
public final class Ticker {
    /// Time spent laying out per loop turn: a 10 MB text is measured over many turns while the
    /// old text keeps scrolling, instead of freezing the window for the whole layout. Bounded in
    /// time, not characters, so a slow machine (or a debug build) still never misses a frame.
    static let layoutSliceSeconds = 0.004
    static let layoutStepScalars = 4096

    let connection: XConnection
    public let window: TickerWindow
    public internal(set) var style: TickerStyle
    private var font: FontSet
    /// Every piece shaped with `font`, for layouts, tiles and page ellipses alike.
    var shapes: ShapeCache
    var painter: TilePainter
    let buffers: BackBufferPool
    var pacer: FramePacer
    let gc: GC

    var timeline: StripTimeline<RenderedContent>?
    var pendingLayout: CycleLayoutBuilder?
    /// A font change waiting for its layout: the font comes into use together with the text
    /// measured with it, so what is on screen is never painted with a font it was not laid out for.
    private var pendingFont: (font: FontSet, shapes: ShapeCache)?
    /// The messages on show, source by source (with their links and whether their tags are read).
    var groups: [MessageGroup] = []
    /// Every message on show, in order (pages and the status count them one by one).
    var messages: [Message] { groups.flatMap(\.messages) }
    /// Finds right-to-left runs and their order on screen (nil: every line left to right).
    public var reordering: LineReordering? = BidiReordering()
    /// Opens a clicked link; the app supplies it (an argument vector to xdg-open, never a shell).
    public var openLink: ((String) -> Void)?
    /// The pointer's column while it is over the window, to show a hand over linked text.
    var pointerX: Int?
    var handCursor: Cursor = 0
    var showsHand = false
    /// The motion as a function of time and input; made when the first content is adopted.
    var director: MotionDirector?
    /// The refresh period the program's velocity was snapped for.
    var snappedPeriod: Double
    /// When frames stopped because the window could not be seen (the text should not move on
    /// meanwhile); nil while frames may run.
    var suspendedSince: Double?
    /// Wakes the loop when a rest in the program (a pause at the start) ends.
    let restTimer: FrameTimer
    /// An urgent message from `ctl say`, shown once at the next place it can enter.
    var urgent: UrgentMessage?
    /// Reduced motion: one message at a time, standing still (nil: the text scrolls).
    var pager: MessagePager?
    /// Wakes the loop when the page on show has had its reading time.
    let pageTimer: FrameTimer
    /// While scrolling under reduced motion, the message the scroll began with (the page that
    /// was on show), so the text goes on from where the reader was.
    var scrollStartMessage = 0
    /// The text of an urgent message shown as a page.
    var urgentPage: String?
    /// Strip position of the window's left edge in the last composed frame.
    public internal(set) var shownPosition = 0
    var mapped = false
    var fullyObscured = false
    var fade: EdgeFade?
    /// Whether a compositor blends the window: watched only on a surface with alpha, where a
    /// translucent background shows its alpha while one runs and is painted opaque otherwise.
    let compositor: CompositorWatch?
    /// The speed the user last asked for (keys, wheel, `ctl speed`), in pixels per second.
    var currentSpeed: Double
    private var frameNumber: UInt64 = 0
    /// Handlers offered the events the ticker itself does not use (see `addEventHandler`).
    private var eventHandlers: [(inout XEvent) -> Bool] = []

    /// Frames composed (for tests and the benchmark).
    public private(set) var framesDrawn: UInt64 = 0
    /// Vblanks that passed without a new frame while the text was moving (`ctl status`).
    public private(set) var framesMissed: UInt64 = 0
    /// The vblank counter of the last frame while frames run; nil while they are stopped.
    private var lastFrameCounter: UInt64?
    /// Called after each composed frame with its strip position and frame time.
    public var onFrameDrawn: ((_ position: Int, _ time: Double) -> Void)?
    public var usesPresent: Bool { pacer is PresentPacer }
    public var refreshPeriod: Double { pacer.period }

    public init(connection: XConnection, window: TickerWindow, font: FontSet, style: TickerStyle, loop: EventLoop,
                allowPresent: Bool = true) {
        self.connection = connection
        self.window = window
        self.style = style
        self.font = font
        shapes = ShapeCache(shaper: font)
        compositor = connection.surface.hasAlpha ? CompositorWatch(connection: connection) : nil
        let background = style.shownBackground(alphaShows: compositor?.isRunning ?? false)
        painter = TilePainter(connection: connection, font: font, foreground: style.foreground,
                              background: background, capsule: style.capsule, height: window.height)
        buffers = BackBufferPool(connection: connection, width: window.width, height: window.height)
        let hz = RefreshRate.current(on: connection)
        if allowPresent, let present = PresentPacer(connection: connection, window: window.id, refreshHz: hz) {
            pacer = present
        } else {
            pacer = TimerPacer(connection: connection, window: window.id, refreshHz: hz, loop: loop)!
        }
        var values = XGCValues()
        values.graphics_exposures = 0
        gc = XCreateGC(connection.display, window.id, UInt(GCGraphicsExposures), &values)
        snappedPeriod = pacer.period
        currentSpeed = style.speed
        restTimer = FrameTimer()!
        pageTimer = FrameTimer()!
        fade = EdgeFade(connection: connection, width: style.fade, background: background)
        pacer.onFrame = { [unowned self] counter, time in self.frame(counter: counter, time: time) }
        pacer.onBufferIdle = { [unowned self] pixmap in self.buffers.markIdle(pixmap) }
        install(on: loop)
        loop.watch(pageTimer.fd) { [unowned self] _ in
            self.pageTimer.acknowledge()
            self.pageTimeUp()
        }
        loop.watch(restTimer.fd) { [unowned self] _ in
            self.restTimer.acknowledge()
            self.updateFrameDemand()
        }
        selectInput()
        watchCompositor()
    }

    deinit { XFreeGC(connection.display, gc) }

    // MARK: Content

    /// New messages: laid out in slices between frames, then swapped in where not yet visible.
    public func setMessages(_ messages: [String]) {
        setMessages(messages.map { Message($0) })
    }

    /// Messages with their links (feed items): a click on a linked message opens it.
    public func setMessages(_ messages: [Message]) {
        setMessages([MessageGroup(source: "", messages: messages)])
    }

    /// Every source's messages: a source whose array is the one it had is not laid out again.
    public func setMessages(_ groups: [MessageGroup]) {
        self.groups = groups
        if pager != nil { notePageLengths() }
        layOut()
    }

    /// Lays out the messages (with an urgent one, while it waits to be shown).
    func layOut() {
        if let pages = pagesShown() {
            pendingLayout = CycleLayoutBuilder(messages: pages, settings: style.layout, reordering: reordering, reusing: nil)
            return
        }
        // Scrolling on from a page starts at that page's message: then the list is one rotated group.
        var shown = scrollStartMessage == 0 ? groups
            : [MessageGroup(source: "\u{1}rotated", messages: Self.rotated(messages, startingAt: scrollStartMessage))]
        // Until it has fully entered (then `checkUrgent` lays out without it), so an update on the
        // way in keeps it.
        if let urgent {
            // It enters first: the start of the cycle for leftward text, its end for rightward.
            let message = MessageGroup(source: "\u{1}urgent", messages: [Message(urgent.text)])
            if style.direction == .left { shown.insert(message, at: 0) } else { shown.append(message) }
        }
        // The newest content's unchanged messages are copied (a clock tick beside a long text
        // measures only the clock); a font on its way measures everything anew.
        let newest = pendingFont == nil ? timeline?.newest(direction: style.direction).layout : nil
        pendingLayout = CycleLayoutBuilder(groups: shown, settings: style.layout, reordering: reordering, reusing: newest)
    }

    private func continueLayout() {
        guard var builder = pendingLayout else { return }
        // Moved out, not copied: with a second reference its arrays (megabytes of text, a record
        // per message) would be copied on the first append of every turn.
        pendingLayout = nil
        let deadline = MonotonicClock.now() + Self.layoutSliceSeconds
        var finished: CycleLayout?
        repeat {
            finished = builder.run(budget: Self.layoutStepScalars, cache: pendingFont?.shapes ?? shapes)
        } while finished == nil && MonotonicClock.now() < deadline
        guard let layout = finished else {
            pendingLayout = builder
            return
        }
        let replacesFont = pendingFont != nil
        if let (newFont, newShapes) = pendingFont {
            font = newFont
            shapes = newShapes
            painter = painter.with(font: newFont, capsule: style.capsule)
            pendingFont = nil
        }
        adopt(RenderedContent(layout: layout, connection: connection), replacingVisible: replacesFont)
    }

    /// - Parameter replacingVisible: show the new content at once, in place (a new font: the old
    ///   text cannot be painted any more); otherwise it enters where nothing is visible yet.
    private func adopt(_ content: RenderedContent, replacingVisible: Bool = false) {
        let now = MonotonicClock.now()
        let visible = shownPosition..<(shownPosition + window.width)
        let plan = motionPlan(for: content.layout, anchor: 0, at: now)
        // An urgent message waiting to enter: the new content must begin with it.
        let urgentFirst = urgent.map { !$0.isEntering } ?? false
        // A first text, or a single copy (bounce, fitting text), starts afresh; any other
        // content enters the loop.
        if !startAfreshIfSingleCopy(content, plan: plan, at: now, loop: { initialTimeline(content) }) {
            if replacingVisible || !isMoving(at: now) {
                timeline!.reset(to: content, anchor: shownPosition)
            } else if !urgentFirst, timeline!.updateInPlace(to: content) {
                // Laid out exactly like the text on show (a clock's next second): it changes where
                // it stands, in view too, and nothing moves.
            } else {
                // Two window widths is a short wait at any useful speed; past it, a long message
                // is cut at the entering edge rather than holding the new text back for minutes.
                // An urgent message waiting to enter comes first; otherwise the reading order carries on.
                timeline!.swap(to: content, visible: visible, direction: style.direction, maxDeferral: 2 * window.width,
                               continuing: !urgentFirst)
                noteUrgentEntering(content)
            }
            replan(at: now)
        }
        updateFrameDemand()
        if !framesWanted { drawNow() }
    }

    /// Bounce and fitting text show a single copy, which cannot be swapped in at an edge: when
    /// the plan shows one, or the timeline does (or there is none yet), the new text replaces the
    /// old in place and the motion is planned anew (a bounce continuing where it stood), the
    /// loop's timeline from `loop`. Returns whether they did.
    private func startAfreshIfSingleCopy(_ content: RenderedContent, plan: MotionPlan, at now: Double,
                                         loop: () -> StripTimeline<RenderedContent>) -> Bool {
        guard plan.showsOnce || (timeline?.showsOnce ?? true) else { return false }
        var plan = plan
        if timeline?.showsOnce == true, let director,
           let tau = plan.program.bounceTime(continuing: director.program, at: director.programTime(at: now)) {
            // A bounce carries on from where the text stands, the way it was heading.
            plan.programTime = tau
        }
        timeline = plan.showsOnce ? StripTimeline(showingOnce: content, anchor: 0) : loop()
        startMotion(plan, at: now)
        return true
    }

    /// The first text: already in view at the left edge, or (`--start offscreen`) just beyond
    /// the edge it enters from.
    private func initialTimeline(_ content: RenderedContent) -> StripTimeline<RenderedContent> {
        guard style.motion.start == .offscreen, style.speed > 0 || style.motion.duration != nil else {
            return StripTimeline(content: content, anchor: 0)
        }
        let start = style.direction == .left ? shownPosition + window.width : shownPosition
        return StripTimeline(content: content, enteringAt: start, direction: style.direction)
    }

    // MARK: Live changes (a reloaded config file)

    /// New colours for everything, at once: the tiles are painted again.
    public func setColors(foreground: RGBAColor, background: RGBAColor) {
        guard foreground != style.foreground || background != style.background else { return }
        style.foreground = foreground
        style.background = background
        repaintInShownColors()
    }

    /// A new speed or direction from the current position on: the text does not jump, it
    /// continues from where it stands at the new speed.
    public func setSpeed(_ speed: Double, direction: ScrollDirection) {
        guard speed != style.speed || direction != style.direction else { return }
        if direction != style.direction, var current = timeline, !current.showsOnce {
            // Pending swaps were placed on the old entering edge: keep only the newest content,
            // in its own phase, so the swap logic starts clean for the new direction.
            let newest = style.direction == .left ? current.segments.last! : current.segments.first!
            current.reset(to: newest.content, anchor: newest.anchor)
            timeline = current
        }
        style.speed = speed
        style.direction = direction
        replan(at: MonotonicClock.now())
        updateFrameDemand()
        if !framesWanted { drawNow() }
    }

    /// A new separator, padding, markup or item box: the messages are laid out again and
    /// swapped in like new text (a new box colour alone repaints in place).
    public func setLayout(_ layout: LayoutSettings, capsule: CapsuleStyle?) {
        if capsule != style.capsule {
            style.capsule = capsule
            painter = painter.with(font: font, capsule: capsule)
            timeline?.segments.forEach { $0.content.releaseTiles() }
            drawNow()
        }
        guard layout != style.layout else { return }
        style.layout = layout
        setMessages(groups)
    }

    /// A new fade width (a reloaded config, a new DPI): the edges are painted anew.
    public func setFade(_ width: Int) {
        guard width != style.fade else { return }
        style.fade = width
        repaintInShownColors()
    }

    /// The desktop's DPI ÷ 96, for the ticker's own pixel amounts (the wheel's step).
    public func setScale(_ scale: Double) { style.scale = scale }

    /// A new font: the messages are measured with it, then replace the text in place.
    public func setFont(_ newFont: FontSet) {
        pendingFont = (newFont, ShapeCache(shaper: newFont))
        setMessages(groups)
    }

    // MARK: Frames

    /// True while there is something to show that moves: the pacer runs only then.
    var framesWanted: Bool {
        guard mapped, !fullyObscured, let timeline, timeline.segments.contains(where: { $0.content.unitWidth > 0 }) else {
            return false
        }
        return isMoving(at: MonotonicClock.now())
    }

    func updateFrameDemand() {
        let now = MonotonicClock.now()
        let visible = mapped && !fullyObscured
        if visible, let since = suspendedSince {
            // The window could not be seen for a while: the text continues from where it stood
            // rather than jumping ahead by the time it was hidden.
            director?.suspend(for: now - since)
            suspendedSince = nil
        }
        if framesWanted {
            pacer.requestFrame()
            return
        }
        if pacer.isActive { pacer.stop() }
        lastFrameCounter = nil
        if !visible && suspendedSince == nil { suspendedSince = now }
        // Resting at a pause in the program (at the start, at a bounce's end): sleep until it ends.
        if visible, let wake = director?.restEnd(after: now) { restTimer.arm(at: wake) }
    }

    private func frame(counter: UInt64, time: Double) {
        guard framesWanted, var director else {
            updateFrameDemand()
            return
        }
        if pacer.period != snappedPeriod {
            // The pacer measured the real refresh rate: snap the speed to it again so every
            // frame keeps the same whole step.
            snappedPeriod = pacer.period
            replan(at: time, onFrameGrid: true)
            director = self.director!
        }
        checkUrgent(at: time)
        if pointerX != nil { updateCursor() }
        guard let buffer = compose(at: director.pixel(at: time)) else {
            pacer.skipFrame()
            return
        }
        buffers.markBusy(buffer)
        if let last = lastFrameCounter, counter > last + 1 { framesMissed += counter - last - 1 }
        lastFrameCounter = counter
        pacer.show(buffer, width: buffers.width, height: buffers.height, counter: counter)
        onFrameDrawn?(shownPosition, time)
        if let wake = director.restEnd(after: time) {
            // Resting (a pause at the start, a bounce's end): no frames until it ends.
            pacer.stop()
            lastFrameCounter = nil
            restTimer.arm(at: wake)
        } else if director.isStill(at: time) {
            pacer.stop()
            lastFrameCounter = nil
        }
    }

    /// Draws the current position straight to the window, not waiting for a vblank: static text,
    /// exposures, and resizes (where waiting would show the newly exposed area unpainted).
    func drawNow() {
        guard mapped else { return }
        // The position of the last composed frame, not "now": that frame may still be queued for
        // the next vblank at the old size, and both must show the same position where they meet.
        guard let buffer = compose(at: shownPosition) else { return }
        XCopyArea(connection.display, buffer, window.id, gc, 0, 0, UInt32(buffers.width), UInt32(buffers.height), 0, 0)
    }

    /// Composes the window's view of the strip at `position` into an idle back buffer.
    private func compose(at position: Int) -> Pixmap? {
        guard let buffer = buffers.acquire() else { return nil }
        let width = window.width, height = window.height
        let visible = position..<(position + width)
        frameNumber += 1
        XSetForeground(connection.display, gc, painter.backgroundPixel)
        guard var timeline else {
            XFillRectangle(connection.display, buffer, gc, 0, 0, UInt32(width), UInt32(height))
            return buffer
        }
        timeline.prune(visible: visible, direction: style.direction)
        self.timeline = timeline
        var covered = position
        for piece in timeline.pieces(in: visible) {
            let content = piece.segment.content
            if piece.range.lowerBound > covered {
                XFillRectangle(connection.display, buffer, gc, Int32(covered - position), 0,
                               UInt32(piece.range.lowerBound - covered), UInt32(height))
            }
            if content.unitWidth == 0 {
                XFillRectangle(connection.display, buffer, gc, Int32(piece.range.lowerBound - position), 0,
                               UInt32(piece.range.count), UInt32(height))
            } else {
                StripGeometry.blits(stripRange: piece.range, destinationX: piece.range.lowerBound - position,
                                    anchor: piece.segment.anchor, unitWidth: content.unitWidth) { blit in
                    let tile = content.tile(blit.tile, frame: frameNumber, painter: painter)
                    XCopyArea(connection.display, tile, buffer, gc, Int32(blit.sourceX), 0, UInt32(blit.width),
                              UInt32(height), Int32(blit.destinationX), 0)
                }
            }
            covered = piece.range.upperBound
        }
        if covered < visible.upperBound {
            XFillRectangle(connection.display, buffer, gc, Int32(covered - position), 0,
                           UInt32(visible.upperBound - covered), UInt32(height))
        }
        fade?.apply(to: buffer, width: width, height: height)
        let tileBudget = width / StripGeometry.tileWidth + 4
        for segment in timeline.segments { segment.content.evict(olderThan: frameNumber, budget: tileBudget) }
        shownPosition = position
        framesDrawn += 1
        return buffer
    }

    // MARK: Events

    private func install(on loop: EventLoop) {
        // Readable X connection: nothing to do here, the wait ends and `prepareToWait` drains.
        loop.watch(connection.fd) { _ in }
        loop.prepareToWait = { [unowned self] in
            if self.pendingLayout != nil { self.continueLayout() }
            self.drainEvents(loop)
            self.connection.flush()
            return self.pendingLayout != nil ? 0 : self.pacer.waitTimeout
        }
        loop.onTimeout = { [unowned self] in self.pacer.timedOut() }
    }

    /// Handles every event Xlib has read or can read without blocking, and sends the requests
    /// they caused. `QueuedAfterFlush` also takes the events xcb read while flushing (its write
    /// path reads when the socket is readable; a plain flush before `poll()` would strand them
    /// and stall the frames). The inner loop empties Xlib's queue without touching the socket:
    /// calling `XPending` per event cost four extra syscalls a frame.
    private func drainEvents(_ loop: EventLoop) {
        var event = XEvent()
        while loop.isRunning && XEventsQueued(connection.display, QueuedAfterFlush) > 0 {
            while loop.isRunning && XEventsQueued(connection.display, QueuedAlready) > 0 {
                XNextEvent(connection.display, &event)
                handle(&event, loop: loop)
            }
        }
    }

    private func handle(_ event: inout XEvent, loop: EventLoop) {
        if pacer.handle(&event) { return }
        // Events about other windows (a shared connection, the root for RandR) are not ours.
        if event.xany.window != window.id {
            for handler in eventHandlers where handler(&event) { return }
            return
        }
        switch event.type {
        case ConfigureNotify:
            let configure = event.xconfigure
            guard configure.window == window.id else { return }
            resized(width: Int(configure.width), height: Int(configure.height))
        case Expose:
            if event.xexpose.count == 0 { drawNow() }
        case MapNotify:
            mapped = true
            updateFrameDemand()
            drawNow()
        case UnmapNotify:
            mapped = false
            updateFrameDemand()
        case VisibilityNotify:
            fullyObscured = event.xvisibility.state == VisibilityFullyObscured
            updateFrameDemand()
        case ButtonPress, ButtonRelease, MotionNotify, EnterNotify, LeaveNotify, KeyPress:
            handleInput(&event)
        case ClientMessage where Atom(event.xclient.data.l.0) == window.deleteAtom:
            loop.stop(status: ExitStatus.success.rawValue)
        case DestroyNotify:
            loop.stop(status: ExitStatus.success.rawValue)
        default:
            for handler in eventHandlers where handler(&event) { return }
        }
    }

    /// Adds a handler for the X events the ticker does not handle itself (RandR changes for a
    /// docked bar, for instance); it returns true when the event was its own. The ticker is the
    /// one reader of the connection, so everyone else hears about events through here.
    public func addEventHandler(_ handler: @escaping (inout XEvent) -> Bool) {
        eventHandlers.append(handler)
    }

    /// Before the next frame: new buffers, new tiles if the height changed, and an immediate
    /// redraw so a live resize never shows unpainted area. The copies follow from the width.
    private func resized(width: Int, height: Int) {
        let heightChanged = height != window.height
        guard window.noteSize(width: width, height: height) else { return }
        buffers.resize(width: width, height: height)
        if heightChanged {
            painter.setHeight(height)
            timeline?.segments.forEach { $0.content.releaseTiles() }
        }
        // Bounce ranges and fitting text depend on the width.
        if style.motion.mode != .continuous, let content = timeline?.newest(direction: style.direction) {
            let now = MonotonicClock.now()
            let plan = motionPlan(for: content.layout, anchor: 0, at: now)
            if startAfreshIfSingleCopy(content, plan: plan, at: now, loop: { StripTimeline(content: content, anchor: shownPosition) }) {
                updateFrameDemand()
            }
        }
        drawNow()
    }

    /// Maps the window; frames start when the server confirms it is mapped.
    public func show() {
        window.map()
        connection.flush()
    }
}
