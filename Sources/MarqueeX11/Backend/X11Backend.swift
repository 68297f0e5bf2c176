import CLinux
import CX11
import FontMatching
import Glibc
import MarqueeCore
import MarqueeFormats
import MarqueeIO
import TickerDriver
import TileRaster

/// The ticker's X11 side: a window (or a dock bar's window), frames paced by Present (a timer
/// where the server has none), plans turned into pixels by the `Compositor`, and X events turned
/// into the driver's `BackendEvent`s, queued until the driver drains them. It decides nothing
/// about motion or content, and never calls the driver.
///
/// It is the one reader of the X connection: events about other windows go to the dock bar
/// (RandR) and the desktop's settings (XSETTINGS, resources), which it owns the reading of.
public final class X11Backend: TickerBackend, FrameQueue {
    let connection: XConnection
    public let window: TickerWindow
    /// The dock bar that places the window, in bar mode.
    private let bar: DockBar?
    /// The desktop's settings, read from this connection; a change is an event.
    private let desktop: DesktopWatch?
    /// The bar's lanes, top to bottom (one: its frames go to the window itself).
    let lanes: [X11Lane]
    /// The first lane's compositor: its font and look draw the menu.
    var compositor: Compositor { lanes[0].compositor }
    /// Each lane's height as the app asked, in proportion to which the window's height is shared.
    private let laneHeights: [Int]
    /// Which lane the pointer's input goes to.
    var router: LaneRouter
    private let pacer: FramePacer
    private let cursor: PointerCursor
    let outbox = BackendOutbox()
    private let loop: EventLoop
    /// The bar's menu while it is open.
    var menu: MenuWindow?

    public var usesPresent: Bool { pacer is PresentPacer }
    /// Frames reach the window only at their vblank (Present, and no compositing manager).
    public var isTearFree: Bool { usesPresent && compositor.isTearFree }

    /// A backend on `window` (a bar's when `bar` is given), painting with `font` in `look`, the
    /// window mapped; `desktop` is read from the same connection. `allowPresent: false` paces
    /// frames with a timer (the tests of servers without Present).
    public convenience init(connection: XConnection, window: TickerWindow, bar: DockBar? = nil, desktop: DesktopWatch? = nil, font: FontSet,
                            look: TickerLook, loop: EventLoop, allowPresent: Bool = true) throws(TickerError) {
        try self.init(connection: connection, window: window, bar: bar, desktop: desktop,
                      lanes: [LaneDrawing(font: font, look: look, height: window.height)], loop: loop, allowPresent: allowPresent)
    }

    public init(connection: XConnection, window: TickerWindow, bar: DockBar? = nil, desktop: DesktopWatch? = nil, lanes: [LaneDrawing],
                loop: EventLoop, allowPresent: Bool = true) throws(TickerError) {
        let hz = RefreshRate.current(on: connection)
        let present = allowPresent ? PresentPacer(connection: connection, window: window.id, refreshHz: hz, outbox: outbox) : nil
        if let present {
            pacer = present
        } else {
            guard let timed = TimerPacer(refreshHz: hz, loop: loop, outbox: outbox) else { throw .noTimer(errno: errno) }
            pacer = timed
        }
        self.connection = connection
        self.window = window
        self.bar = bar
        self.desktop = desktop
        self.loop = loop
        // One lane draws into the window; several each into a window of its own at its row.
        laneHeights = lanes.map(\.height)
        let rows = LaneRows.sharing(window.height, like: laneHeights)
        self.lanes = zip(lanes, rows).map { drawing, row in
            let laneWindow = lanes.count > 1
                ? LaneWindow(connection: connection, parent: window.id, y: row.y, width: window.width, height: row.height) : nil
            let compositor = Compositor(connection: connection, window: laneWindow ?? window, font: drawing.font, look: drawing.look,
                                        presenter: present)
            return X11Lane(compositor: compositor, window: laneWindow, y: row.y, height: row.height)
        }
        router = LaneRouter(rows: rows.map { $0.y..<($0.y + $0.height) })
        cursor = PointerCursor(connection: connection, window: window.id)
        desktop?.onChange = { [outbox] in outbox.post(.desktopChanged) }
        // Readable X connection: nothing to do here, the wait ends and `drain` reads.
        loop.watch(connection.fd) { _ in }
        window.selectInput()
        for (index, lane) in self.lanes.enumerated() { outbox.post(.resized(width: window.width, height: lane.height, lane: index)) }
        notePresentation()
        // Frames start when the server confirms it is mapped.
        window.map()
    }

    deinit {
        menu?.close()
        loop.unwatch(connection.fd)
    }

    // MARK: Frames

    /// Frames queued ahead while the motion is steady (`FrameBatchLimit.queued`). Present
    /// replaces a queued frame with a later request for its vblank, so any change re-plans at
    /// once and the batch's length costs no latency.
    public static let batchSeconds = FrameBatchLimit.queuedSeconds

    public var batchLimit: FrameBatchLimit {
        guard usesPresent, lanes.allSatisfy(\.compositor.takesBatches) else { return .single }
        return FrameBatchLimit.queued(period: pacer.period)
    }

    public func nextFrame(after time: Double) -> FrameTime? { pacer.nextFrame(after: time) }
    /// Each frame is presented at its own vblank (`PresentPixmap`'s target).
    public var queuesWithoutTimes: Bool { false }

    public func setFramesWanted(_ wanted: Bool) {
        if wanted { pacer.requestFrame() } else { pacer.stop() }
    }

    public func show(_ plans: [FramePlan?], at frame: FrameTime?) -> Bool {
        var count = 0
        for (lane, plan) in zip(lanes, plans) {
            guard let plan else { continue }
            if let frame { lane.compositor.show(plan, counter: frame.counter) } else { lane.compositor.draw(plan) }
            count = max(count, plan.frameCount)
        }
        followFont()
        // Asks to hear in time for the frame after the last one handed.
        if let frame, count > 0 { pacer.framesShown(from: frame.counter, through: frame.counter + UInt64(count - 1)) }
        return true
    }

    public func setLook(_ look: TickerLook, lane: Int) { lanes[lane].compositor.setLook(look) }

    public func showPointer(overLink: Bool) { cursor.show(hand: overLink) }

    public func place(_ placement: PlacementUpdate) -> [PlacementRefusal] {
        guard let bar else {
            if let above = placement.above { window.requestState(.above, enabled: above) }
            if let sticky = placement.sticky { window.requestState(.sticky, enabled: sticky) }
            window.resize(height: placement.height)
            return []
        }
        bar.update(height: placement.height, choice: placement.monitor)
        // A dock is above other windows and on every desktop by what it is.
        var refused: [PlacementRefusal] = []
        if placement.above == false { refused.append(PlacementRefusal(option: "above", reason: "a docked bar is always above windows")) }
        if placement.sticky == false { refused.append(PlacementRefusal(option: "sticky", reason: "a docked bar is on every desktop")) }
        return refused
    }

    /// Every queued X event and completion, the requests flushed; again until no completion
    /// comes: a completion xcb read while flushing is in no queue epoll watches. The events are
    /// read first: that read brings the completions into their queue too, so taking them reads
    /// the socket only once it is empty (a system call a wakeup less than taking them first).
    public func drain(into events: inout [BackendEvent]) -> Int32 {
        pacer.recoverIfStalled()
        repeat {
            connection.drainEvents { handle(&$0) }
        } while pacer.takeCompletions()
        outbox.hand(into: &events)
        return pacer.waitTimeout
    }

    /// Says how frames reach the window when that changed (a compositing manager came or went).
    private func notePresentation() { outbox.tell(FramePresentation(paced: usesPresent, tearFree: isTearFree)) }

    // MARK: Events

    private func handle(_ event: inout XEvent) {
        if let menu, event.xany.window == menu.id { return menuEvent(&event, in: menu) }
        // A lane's window says only that it was exposed.
        if event.type == Expose, lanes.contains(where: { $0.window?.id == event.xany.window }) {
            if event.xexpose.count == 0 { outbox.post(.damaged) }
            return
        }
        // Events about other windows (a shared connection, the root for RandR) are not ours.
        guard event.xany.window == window.id else { return offer(&event) }
        switch event.type {
        case ConfigureNotify:
            resized(width: Int(event.xconfigure.width), height: Int(event.xconfigure.height))
        case Expose where event.xexpose.count == 0:
            outbox.post(.damaged)
        case MapNotify, UnmapNotify:
            outbox.post(.mapped(event.type == MapNotify))
        case VisibilityNotify:
            outbox.post(.obscured(event.xvisibility.state == VisibilityFullyObscured))
        case ClientMessage where Atom(event.xclient.data.l.0) == window.deleteAtom:
            outbox.post(.closed)
        case DestroyNotify:
            outbox.post(.closed)
        default:
            if let anchor = menuAnchor(&event) { return outbox.post(.menuRequested(anchor)) }
            guard let input = PlayerInput(event: &event) else { return offer(&event) }
            for routed in router.route(input, row: Self.row(of: event)) { outbox.post(routed) }
        }
    }

    /// The window's row a pointer event happened at (nil for keys).
    private static func row(of event: XEvent) -> Int? {
        switch event.type {
        case ButtonPress, ButtonRelease: Int(event.xbutton.y)
        case MotionNotify: Int(event.xmotion.y)
        case EnterNotify, LeaveNotify: Int(event.xcrossing.y)
        default: nil
        }
    }

    private func offer(_ event: inout XEvent) {
        // Every lane's compositor follows the compositing manager; the first says what it meant.
        let outcomes = lanes.indices.map { lanes[$0].compositor.handle(&event) }
        switch outcomes[0] {
        case .notOurs: break
        case .handled: return notePresentation()
        case .repaint:
            notePresentation()
            return outbox.post(.damaged)
        }
        if bar?.handle(&event) == true { return }
        _ = desktop?.handle(&event)
    }

    /// New buffers (and tiles for a new height) before the next frame; the driver draws at once
    /// so a live resize never shows unpainted area.
    private func resized(width: Int, height: Int) {
        guard window.noteSize(width: width, height: height) else { return }
        let rows = LaneRows.sharing(height, like: laneHeights)
        for (lane, row) in zip(lanes, rows) { lane.place(y: row.y, height: row.height, width: width) }
        router.rows = rows.map { $0.y..<($0.y + $0.height) }
        resizeLabels()
        for (index, lane) in lanes.enumerated() {
            outbox.post(.resized(width: lane.crawlWidth(barWidth: width), height: lane.height, lane: index))
        }
    }
}
