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
    private let style: TickerStyle
    private let font: FontFace
    private let advances: AdvanceCache
    private let painter: TilePainter
    private let buffers: BackBufferPool
    private var pacer: FramePacer
    private let gc: GC

    private var timeline: StripTimeline<RenderedContent>?
    private var pendingLayout: CycleLayoutBuilder?
    private var motion: Motion
    private var motionAnchored = false
    /// Strip position of the window's left edge in the last composed frame.
    public private(set) var shownPosition = 0
    private var mapped = false
    private var fullyObscured = false
    private var frameNumber: UInt64 = 0

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
        let velocity = style.direction == .left ? style.speed : -style.speed
        motion = Motion(velocity: FrameStep.effectiveSpeed(velocity, period: pacer.period), anchorTime: 0)
        pacer.onFrame = { [unowned self] counter, time in self.frame(counter: counter, time: time) }
        pacer.onBufferIdle = { [unowned self] pixmap in self.buffers.markIdle(pixmap) }
        install(on: loop)
    }

    deinit { XFreeGC(connection.display, gc) }

    // MARK: Content

    /// New messages: laid out in slices between frames, then swapped in where not yet visible.
    public func setMessages(_ messages: [String]) {
        pendingLayout = CycleLayoutBuilder(messages: messages, separator: style.separator)
    }

    /// True while a layout is still being measured.
    public var isLayingOut: Bool { pendingLayout != nil }

    private func continueLayout() {
        guard var builder = pendingLayout else { return }
        let finished = builder.run(budget: Self.layoutSliceScalars, cache: advances)
        guard let layout = finished else {
            pendingLayout = builder
            return
        }
        pendingLayout = nil
        adopt(RenderedContent(layout: layout, connection: connection))
    }

    private func adopt(_ content: RenderedContent) {
        let visible = shownPosition..<(shownPosition + window.width)
        if timeline == nil {
            timeline = StripTimeline(content: content, anchor: 0)
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
            motion = Motion(velocity: FrameStep.effectiveSpeed(motion.velocity, period: pacer.period),
                            anchorTime: time, anchorPosition: Double(shownPosition))
            motionAnchored = true
        }
        guard let buffer = compose(at: motion.pixel(at: time)) else { return }
        buffers.markBusy(buffer)
        pacer.show(buffer, width: buffers.width, height: buffers.height, counter: counter)
        onFrameDrawn?(shownPosition, time)
    }

    /// Draws the current position straight to the window, not waiting for a vblank: static text,
    /// exposures, and resizes (where waiting would show the newly exposed area unpainted).
    private func drawNow() {
        guard mapped else { return }
        if motion.isMoving && motionAnchored && pacer.isActive {
            shownPosition = motion.pixel(at: MonotonicClock.now())
        }
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
        case ClientMessage:
            if Atom(event.xclient.data.l.1) == window.deleteAtom { loop.stop(status: ExitStatus.success.rawValue) }
        case DestroyNotify:
            loop.stop(status: ExitStatus.success.rawValue)
        default:
            break
        }
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
