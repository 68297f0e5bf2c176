import CLinux
import CX11
import FontMatching
import Glibc
import MarqueeCore
import MarqueeFormats
import MarqueeIO
import TickerDriver

/// The ticker's X11 side: a window (or a dock bar's window), frames paced by Present (a timer
/// where the server has none), plans turned into pixels by the `Compositor`, and X events turned
/// into the driver's `BackendEvent`s. It decides nothing about motion or content.
///
/// It is the one reader of the X connection: events about other windows (RandR for a dock bar,
/// the desktop's settings) go to the handlers added with `addEventHandler`.
public final class X11Backend: TickerBackend {
    let connection: XConnection
    public let window: TickerWindow
    /// The dock bar that places the window, in bar mode.
    private let bar: DockBar?
    private let compositor: Compositor
    private let pacer: FramePacer
    private let cursor: PointerCursor
    /// Handlers offered the X events the backend does not use (see `addEventHandler`).
    private var eventHandlers: [(inout XEvent) -> Bool] = []
    public var deliver: (BackendEvent) -> Void = { _ in }
    /// Whether the loop still runs: events are read only while it does.
    private let loop: EventLoop

    public var frames: FrameSource { pacer }
    public var width: Int { window.width }
    public var usesPresent: Bool { pacer is PresentPacer }
    /// Frames reach the window only at their vblank (Present, and no compositing manager).
    public var isTearFree: Bool { usesPresent && compositor.isTearFree }

    /// A backend on `window` (a bar's when `bar` is given), painting with `font` in `look`.
    /// `allowPresent: false` paces frames with a timer (the tests of servers without Present).
    public init(connection: XConnection, window: TickerWindow, bar: DockBar? = nil, font: FontSet, look: TickerLook,
                loop: EventLoop, allowPresent: Bool = true) throws(TickerError) {
        let hz = RefreshRate.current(on: connection)
        let present = allowPresent ? PresentPacer(connection: connection, window: window.id, refreshHz: hz) : nil
        if let present {
            pacer = present
        } else {
            guard let timed = TimerPacer(refreshHz: hz, loop: loop) else { throw .noTimer(errno: errno) }
            pacer = timed
        }
        self.connection = connection
        self.window = window
        self.bar = bar
        self.loop = loop
        compositor = Compositor(connection: connection, window: window, font: font, look: look, presenter: present)
        cursor = PointerCursor(connection: connection, window: window.id)
        // Readable X connection: nothing to do here, the wait ends and `prepareToWait` drains.
        loop.watch(connection.fd) { _ in }
        window.selectInput()
    }

    deinit { loop.unwatch(connection.fd) }

    /// Adds a handler for the X events the backend does not handle itself (RandR changes for a
    /// docked bar, the desktop's settings); it returns true when the event was its own.
    public func addEventHandler(_ handler: @escaping (inout XEvent) -> Bool) {
        eventHandlers.append(handler)
    }

    // MARK: Frames

    /// Frames queued ahead while the motion is steady: 0.2 s of them (12 at 60 Hz, 29 at
    /// 144 Hz), so the process wakes 5 times a second whatever the refresh rate, within 512 px
    /// of the first frame (a ribbon reaches `Ribbon.margin` − `Ribbon.behind` = 960 px ahead;
    /// 0.2 s at 2560 px/s). Any change re-plans at once, so the batch's length costs no latency.
    public static let batchSeconds = 0.2
    static let batchReach = 512

    public var batchLimit: FrameBatchLimit {
        guard usesPresent, compositor.takesBatches else { return .single }
        return FrameBatchLimit(count: Int((Self.batchSeconds / pacer.period).rounded(.up)), reach: Self.batchReach)
    }

    public func show(_ plan: FramePlan, counter: UInt64) -> Bool {
        compositor.show(plan, counter: counter)
        // Asks to hear in time for the frame after the last one handed.
        pacer.framesShown(from: counter, through: counter + UInt64(plan.frameCount - 1))
        return true
    }

    public func showStill(_ plan: FramePlan) { compositor.draw(plan) }

    public func setLook(_ look: TickerLook) { compositor.setLook(look) }

    public func showPointer(overLink: Bool) { cursor.show(hand: overLink) }

    /// Maps the window; frames start when the server confirms it is mapped.
    public func present() {
        window.map()
        connection.flush()
    }

    public func place(_ placement: PlacementUpdate) {
        if let bar {
            bar.update(height: placement.height, choice: placement.monitor)
        } else {
            if let above = placement.above { window.requestState(.above, enabled: above) }
            if let sticky = placement.sticky { window.requestState(.sticky, enabled: sticky) }
            window.resize(height: placement.height)
        }
        connection.flush()
    }

    public func describeFrames(into report: inout StatusReport) {
        report.present = usesPresent
        report.tearFree = isTearFree
    }

    public func loopTimedOut() { pacer.timedOut() }

    /// Before each sleep: every queued completion and X event, the requests flushed.
    /// Completions first (a frame's wake), then Xlib's events and the flush, and completions again
    /// until there are none: a completion xcb read while flushing is in no queue epoll watches.
    public func prepareToWait() -> Int32 {
        _ = pacer.takeCompletions()
        repeat {
            connection.drainEvents(while: { loop.isRunning }) { handle(&$0) }
        } while loop.isRunning && pacer.takeCompletions()
        // The drain ends with a flush unless the loop was stopped in the middle of it.
        if !loop.isRunning { connection.flush() }
        return pacer.waitTimeout
    }

    // MARK: Events

    private func handle(_ event: inout XEvent) {
        // Events about other windows (a shared connection, the root for RandR) are not ours.
        guard event.xany.window == window.id else { return offer(&event) }
        switch event.type {
        case ConfigureNotify:
            resized(width: Int(event.xconfigure.width), height: Int(event.xconfigure.height))
        case Expose where event.xexpose.count == 0:
            deliver(.damaged)
        case MapNotify, UnmapNotify:
            deliver(.mapped(event.type == MapNotify))
        case VisibilityNotify:
            deliver(.obscured(event.xvisibility.state == VisibilityFullyObscured))
        case ClientMessage where Atom(event.xclient.data.l.0) == window.deleteAtom:
            deliver(.closed)
        case DestroyNotify:
            deliver(.closed)
        default:
            guard let input = PlayerInput(event: &event) else { return offer(&event) }
            deliver(.input(input))
        }
    }

    private func offer(_ event: inout XEvent) {
        switch compositor.handle(&event) {
        case .notOurs: break
        case .handled: return
        case .repaint: return deliver(.damaged)
        }
        for handler in eventHandlers where handler(&event) { return }
    }

    /// New buffers (and tiles for a new height) before the next frame; the driver draws at once
    /// so a live resize never shows unpainted area.
    private func resized(width: Int, height: Int) {
        guard window.noteSize(width: width, height: height) else { return }
        compositor.resize(height: height)
        deliver(.resized(width: width))
    }
}
