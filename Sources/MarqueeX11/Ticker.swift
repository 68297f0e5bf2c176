import CX11
import MarqueeCore
import MarqueeIO

/// The ticker: owns the strip, the motion and the frame loop of one window.
///
/// Everything runs on the event loop's thread. Frames are wanted only while text moves in a
/// mapped, not fully obscured window; otherwise the pacer is stopped and the process sleeps.
public final class Ticker {
    /// Scalars laid out per loop turn: a 10 MB text is measured over many turns while the old
    /// text keeps scrolling, instead of freezing the window for the whole layout.
    static let layoutSliceScalars = 200_000

    private let connection: XConnection
    public let window: TickerWindow
    public private(set) var style: TickerStyle
    private var font: FontFace
    private var advances: AdvanceCache
    private var painter: TilePainter
    private let buffers: BackBufferPool
    private var pacer: FramePacer
    private let gc: GC

    private var timeline: StripTimeline<RenderedContent>?
    private var pendingLayout: CycleLayoutBuilder?
    /// A font change waiting for its layout: the font comes into use together with the text
    /// measured with it, so what is on screen is never painted with a font it was not laid out for.
    private var pendingFont: (font: FontFace, advances: AdvanceCache)?
    private var messages: [String] = []
    private var motion: Motion
    private var motionAnchored = false
    /// The velocity asked for (px/s, signed by direction), before snapping to whole pixels per frame.
    private let requestedVelocity: Double
    /// The refresh period the motion's velocity was snapped for.
    private var snappedPeriod: Double
    /// Strip position of the window's left edge in the last composed frame.
    public private(set) var shownPosition = 0
    private var mapped = false
    private var fullyObscured = false
    private var frameNumber: UInt64 = 0
    /// Handlers offered the events the ticker itself does not use (see `addEventHandler`).
    private var eventHandlers: [(inout XEvent) -> Bool] = []

    /// Frames composed (for tests and the benchmark).
    public private(set) var framesDrawn: UInt64 = 0
    /// Called after each composed frame with its strip position and frame time.
    public var onFrameDrawn: ((_ position: Int, _ time: Double) -> Void)?
    public var usesPresent: Bool { pacer is PresentPacer }
    public var refreshPeriod: Double { pacer.period }

    public init(connection: XConnection, window: TickerWindow, font: FontFace, style: TickerStyle, loop: EventLoop,
                allowPresent: Bool = true) {
        self.connection = connection
        self.window = window
        self.style = style
        self.font = font
        advances = AdvanceCache(measurer: font)
        painter = TilePainter(connection: connection, font: font, advances: advances, foreground: style.foreground,
                              background: style.background, height: window.height)
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
        requestedVelocity = style.direction == .left ? style.speed : -style.speed
        snappedPeriod = pacer.period
        motion = Motion(velocity: FrameStep.effectiveSpeed(requestedVelocity, period: snappedPeriod), anchorTime: 0)
        pacer.onFrame = { [unowned self] counter, time in self.frame(counter: counter, time: time) }
        pacer.onBufferIdle = { [unowned self] pixmap in self.buffers.markIdle(pixmap) }
        install(on: loop)
    }

    deinit { XFreeGC(connection.display, gc) }

    // MARK: Content

    /// New messages: laid out in slices between frames, then swapped in where not yet visible.
    public func setMessages(_ messages: [String]) {
        self.messages = messages
        pendingLayout = CycleLayoutBuilder(messages: messages, separator: style.separator)
    }

    /// True while a layout is still being measured.
    public var isLayingOut: Bool { pendingLayout != nil }

    private func continueLayout() {
        guard var builder = pendingLayout else { return }
        let finished = builder.run(budget: Self.layoutSliceScalars, cache: pendingFont?.advances ?? advances)
        guard let layout = finished else {
            pendingLayout = builder
            return
        }
        pendingLayout = nil
        let replacesFont = pendingFont != nil
        if let (newFont, newAdvances) = pendingFont {
            font = newFont
            advances = newAdvances
            painter = painter.with(font: newFont, advances: newAdvances)
            pendingFont = nil
        }
        adopt(RenderedContent(layout: layout, connection: connection), replacingVisible: replacesFont)
    }

    /// - Parameter replacingVisible: show the new content at once, in place (a new font: the old
    ///   text cannot be painted any more); otherwise it enters where nothing is visible yet.
    private func adopt(_ content: RenderedContent, replacingVisible: Bool = false) {
        let visible = shownPosition..<(shownPosition + window.width)
        if timeline == nil {
            timeline = StripTimeline(content: content, anchor: 0)
        } else if replacingVisible {
            timeline!.reset(to: content, anchor: shownPosition)
        } else if motion.isMoving {
            // Two window widths is a short wait at any useful speed; past it, a long message
            // is cut at the entering edge rather than holding the new text back for minutes.
            timeline!.swap(to: content, visible: visible, direction: style.direction, maxDeferral: 2 * window.width)
        } else {
            timeline!.reset(to: content, anchor: shownPosition)
        }
        updateFrameDemand()
        if !framesWanted { drawNow() }
    }

    // MARK: Live changes (a reloaded config file)

    /// New colours for everything, at once: the tiles are painted again.
    public func setColors(foreground: RGBAColor, background: RGBAColor) {
        guard foreground != style.foreground || background != style.background else { return }
        style.foreground = foreground
        style.background = background
        painter.setColors(foreground: foreground, background: background)
        timeline?.segments.forEach { $0.content.releaseTiles() }
        drawNow()
    }

    /// A new speed or direction from the current position on: the text does not jump, it
    /// continues from where it stands (the next frame re-anchors the motion there).
    public func setSpeed(_ speed: Double, direction: ScrollDirection) {
        guard speed != style.speed || direction != style.direction else { return }
        if direction != style.direction, var current = timeline {
            // Pending swaps were placed on the old entering edge: keep only the newest content,
            // in its own phase, so the swap logic starts clean for the new direction.
            let newest = style.direction == .left ? current.segments.last! : current.segments.first!
            current.reset(to: newest.content, anchor: newest.anchor)
            timeline = current
        }
        style.speed = speed
        style.direction = direction
        if motionAnchored && pacer.isActive { shownPosition = motion.pixel(at: MonotonicClock.now()) }
        let velocity = direction == .left ? speed : -speed
        motion = Motion(velocity: FrameStep.effectiveSpeed(velocity, period: pacer.period), anchorTime: 0,
                        anchorPosition: Double(shownPosition))
        motionAnchored = false
        updateFrameDemand()
        if !framesWanted { drawNow() }
    }

    /// A new separator: the messages are laid out again and swapped in like new text.
    public func setSeparator(_ separator: String) {
        guard separator != style.separator else { return }
        style.separator = separator
        setMessages(messages)
    }

    /// A new font: the messages are measured with it, then replace the text in place.
    public func setFont(_ newFont: FontFace) {
        pendingFont = (newFont, AdvanceCache(measurer: newFont))
        setMessages(messages)
    }

    // MARK: Frames

    private var framesWanted: Bool {
        guard mapped, !fullyObscured, motion.isMoving, let timeline else { return false }
        return timeline.segments.contains { $0.content.unitWidth > 0 }
    }

    private func updateFrameDemand() {
        if framesWanted {
            if !pacer.isActive { motionAnchored = false }
            pacer.requestFrame()
        } else if pacer.isActive {
            pacer.stop()
        }
    }

    private func frame(counter: UInt64, time: Double) {
        guard framesWanted else {
            pacer.stop()
            return
        }
        if !motionAnchored {
            // (Re)starting: the text continues from where it stands, at this frame's time.
            snappedPeriod = pacer.period
            motion = Motion(velocity: FrameStep.effectiveSpeed(requestedVelocity, period: snappedPeriod),
                            anchorTime: time, anchorPosition: Double(shownPosition))
            motionAnchored = true
        } else if pacer.period != snappedPeriod {
            // The pacer measured the real refresh rate: snap the speed to it again so every
            // frame keeps the same whole step. This frame's time lies off the old grid, so the
            // new line starts from the nearest whole pixel (under half a pixel away, invisible);
            // a fractional anchor would floor one step short.
            snappedPeriod = pacer.period
            motion = Motion(velocity: FrameStep.effectiveSpeed(requestedVelocity, period: snappedPeriod),
                            anchorTime: time, anchorPosition: motion.position(at: time).rounded())
        }
        guard let buffer = compose(at: motion.pixel(at: time)) else {
            pacer.skipFrame()
            return
        }
        buffers.markBusy(buffer)
        pacer.show(buffer, width: buffers.width, height: buffers.height, counter: counter)
        onFrameDrawn?(shownPosition, time)
    }

    /// Draws the current position straight to the window, not waiting for a vblank: static text,
    /// exposures, and resizes (where waiting would show the newly exposed area unpainted).
    private func drawNow() {
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
        let tileBudget = width / StripGeometry.tileWidth + 4
        for segment in timeline.segments { segment.content.evict(olderThan: frameNumber, budget: tileBudget) }
        shownPosition = position
        framesDrawn += 1
        return buffer
    }

    // MARK: Events

    private func install(on loop: EventLoop) {
        loop.watch(connection.fd) { [unowned self] _ in self.drainEvents(loop) }
        loop.prepareToWait = { [unowned self] in
            if self.pendingLayout != nil { self.continueLayout() }
            self.drainEvents(loop)
            self.connection.flush()
            return self.pendingLayout != nil ? 0 : self.pacer.waitTimeout
        }
        loop.onTimeout = { [unowned self] in self.pacer.timedOut() }
    }

    /// Handles every event Xlib has read or can read without blocking.
    private func drainEvents(_ loop: EventLoop) {
        var event = XEvent()
        while loop.isRunning && XPending(connection.display) > 0 {
            XNextEvent(connection.display, &event)
            handle(&event, loop: loop)
        }
    }

    private func handle(_ event: inout XEvent, loop: EventLoop) {
        if pacer.handle(&event) { return }
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
        drawNow()
    }

    /// Maps the window; frames start when the server confirms it is mapped.
    public func show() {
        window.map()
        connection.flush()
    }
}
