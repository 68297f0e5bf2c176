import MarqueeCore
import TickerDriver
import XCTest

/// A display that exists only as a record: what the driver asked of it, in order, and the
/// events the test has it say at the next drain. It notes any call made while another of its
/// calls is still running (the driver run from inside a backend call).
class FakeBackend: TickerBackend {
    /// One frame or still handed over.
    struct Shown {
        /// Every lane's plan (nil: the lane was not drawn).
        var lanes: [FramePlan?]
        var frame: FrameTime?
        /// The first lane's (the first lane drawn, in a test of lanes that stand in turn).
        var plan: FramePlan { lanes.first { $0 != nil }!! }
        var position: Int { plan.position }
        var frameCount: Int { plan.frameCount }
    }

    /// The events the display says at the next drain.
    var pending: [BackendEvent] = []
    private(set) var framesWanted = false
    /// How often frames were switched on or off.
    private(set) var frameSwitches: [Bool] = []
    private(set) var shown: [Shown] = []
    private(set) var looks: [TickerLook] = []
    private(set) var pointerOverLink = false
    private(set) var placements: [PlacementUpdate] = []
    private(set) var drains = 0
    /// What `place` refuses.
    var refusals: [PlacementRefusal] = []
    /// False: the display holds every buffer, nothing can be shown.
    var acceptsFrames = true
    /// Calls made while another call of the backend was running.
    private(set) var reentrantCalls: [String] = []
    /// Drains since the last frame or still was shown (a request made must be sent before sleeping).
    private(set) var drainsSinceShow = 0
    private var depth = 0

    fileprivate func enter(_ name: String) {
        if depth > 0 { reentrantCalls.append(name) }
        depth += 1
    }

    fileprivate func leave() { depth -= 1 }

    func drain(into events: inout [BackendEvent]) -> Int32 {
        enter("drain")
        defer { leave() }
        drains += 1
        drainsSinceShow += 1
        events.append(contentsOf: pending)
        pending.removeAll()
        return -1
    }

    func setFramesWanted(_ wanted: Bool) {
        enter("setFramesWanted")
        defer { leave() }
        if wanted != framesWanted { frameSwitches.append(wanted) }
        framesWanted = wanted
    }

    func show(_ plans: [FramePlan?], at frame: FrameTime?) -> Bool {
        enter("show")
        defer { leave() }
        guard acceptsFrames else { return false }
        shown.append(Shown(lanes: plans, frame: frame))
        drainsSinceShow = 0
        return true
    }

    func setLook(_ look: TickerLook, lane: Int) {
        enter("setLook")
        defer { leave() }
        looks.append(look)
    }

    func showPointer(overLink: Bool) {
        enter("showPointer")
        defer { leave() }
        pointerOverLink = overLink
    }

    func place(_ placement: PlacementUpdate) -> [PlacementRefusal] {
        enter("place")
        defer { leave() }
        placements.append(placement)
        return refusals
    }

    /// Menus opened, in order, with where they were asked for; the one open now.
    private(set) var openedMenus: [(menu: MenuModel, anchor: MenuAnchor)] = []
    private(set) var openMenu: MenuModel?
    /// False: the menu cannot open (another client holds the pointer).
    var acceptsMenu = true

    /// The frames handed for vblanks (stills left out).
    var frames: [Shown] { shown.filter { $0.frame != nil } }
    var stills: [Shown] { shown.filter { $0.frame == nil } }
}

extension FakeBackend: PopupMenuHost {
    func openMenu(_ menu: MenuModel, at anchor: MenuAnchor) -> Bool {
        enter("openMenu")
        defer { leave() }
        guard acceptsMenu else { return false }
        openedMenus.append((menu, anchor))
        openMenu = menu
        return true
    }

    func closeMenu() {
        enter("closeMenu")
        defer { leave() }
        openMenu = nil
    }

    /// The user picks the item labelled `label` (the display closes the menu and says so).
    func choose(_ label: String) {
        guard let index = openMenu?.labels.firstIndex(of: label) else { return XCTFail("no item \"\(label)\" open") }
        openMenu = nil
        pending.append(.menuChosen(index))
    }

    /// Escape or a click elsewhere.
    func dismissMenu() {
        openMenu = nil
        pending.append(.menuDismissed)
    }
}

/// A display that queues frames ahead, on a fixed vblank grid: counter n is shown at
/// `origin + n × period`.
final class QueueingFakeBackend: FakeBackend, FrameQueue {
    var batchLimit = FrameBatchLimit(count: 12, reach: 512)
    let origin: Double
    let period: Double
    /// Whether frames queued can be replaced (X11 Present) or only followed (a Wayland fifo).
    let replaces: Bool

    init(origin: Double, period: Double, replaces: Bool = true) {
        self.origin = origin
        self.period = period
        self.replaces = replaces
    }

    /// A queue that cannot be replaced is a fifo's.
    var queuesWithoutTimes: Bool { !replaces }

    func nextFrame(after time: Double) -> FrameTime? {
        var counter = UInt64(((time - origin) / period).rounded(.down)) + 1
        if !replaces, let last = frames.last, let frame = last.frame { counter = max(counter, frame.counter + UInt64(last.frameCount)) }
        return FrameTime(counter: counter, time: origin + Double(counter) * period, period: period)
    }
}
