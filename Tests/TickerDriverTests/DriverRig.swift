import MarqueeCore
import MarqueeIO
import TickerDriver
import XCTest

/// A ticker over a fake display and a fake clock, driven turn by turn as its loop would: no
/// display, no sleeping.
final class DriverRig {
    static let period = 1.0 / 60
    static let start = 1000.0
    let clock = FakeClock(now: DriverRig.start)
    let backend: FakeBackend
    let loop = EventLoop()
    let ticker: Ticker
    private(set) var counter: UInt64 = 0
    /// Links the ticker asked to open.
    private(set) var openedLinks: [String] = []
    private(set) var announcements: [Announcement] = []
    private(set) var desktopChanges = 0

    /// A ticker `width` px wide, mapped, showing `messages` at `speed` px/s; `queueing`: over a
    /// display that queues frames ahead.
    /// `laneSpeeds`: a lane each, top to bottom, every one showing `messages` at its own speed.
    init(_ messages: [Message] = [Message("Markets rally as tech stocks climb")], speed: Double = 120, width: Int = 300,
         queueing: Bool = false, replacesQueued: Bool = true, motion: MotionSettings = MotionSettings(), mapped: Bool = true,
         laneSpeeds: [Double]? = nil) throws {
        backend = queueing ? QueueingFakeBackend(origin: DriverRig.start, period: DriverRig.period, replaces: replacesQueued) : FakeBackend()
        var settings = motion
        settings.subpixel = true
        let speeds = laneSpeeds ?? [speed]
        let lanes = speeds.map { speed in
            LaneSetup(style: TickerStyle(foreground: RGBAColor(hex: "#ffffff")!, background: RGBAColor(hex: "#000000")!, speed: speed,
                                         direction: .left, layout: LayoutSettings(separator: " * "), motion: settings),
                      shaper: MonospaceShaper())
        }
        // What a display says as soon as its surface is made: the ticker takes it when made.
        backend.pending = speeds.indices.map { BackendEvent.resized(width: width, lane: $0) } + (mapped ? [.mapped(true)] : [])
        ticker = try Ticker(backend: backend, lanes: lanes, loop: loop, clock: clock)
        ticker.openLink = { [unowned self] in openedLinks.append($0) }
        ticker.onAnnouncement = { [unowned self] in announcements.append($0) }
        ticker.onDesktopChange = { [unowned self] in desktopChanges += 1 }
        for lane in speeds.indices { ticker.update(lane: lane) { player, _ in player.setMessages([MessageGroup(source: "", messages: messages)]) } }
        turn()
    }

    convenience init(_ texts: [String], speed: Double = 120, width: Int = 300, queueing: Bool = false) throws {
        try self.init(texts.map { Message($0) }, speed: speed, width: width, queueing: queueing)
    }

    /// One turn of the loop: the layout's slice, the display drained and its events handled.
    @discardableResult
    func turn() -> Int32 { loop.prepareToWait() }

    /// The display says `events`, and the loop takes its turn.
    func say(_ events: BackendEvent...) {
        backend.pending.append(contentsOf: events)
        turn()
    }

    /// The time of vblank `counter`.
    func time(of counter: UInt64) -> Double { DriverRig.start + Double(counter) * DriverRig.period }

    /// The next vblank comes (a frame event just before its time, as displays send them) and
    /// the loop takes its turn; `skipping` vblanks pass first without a frame.
    func vblank(skipping: UInt64 = 0) {
        counter += 1 + skipping
        clock.advance(to: time(of: counter) - DriverRig.period / 2)
        say(.frame(FrameTime(counter: counter, time: time(of: counter), period: DriverRig.period)))
    }

    /// Vblanks until `count` frames have been handed (or 600 have passed).
    func runFrames(_ count: Int) {
        let target = backend.frames.count + count
        for _ in 0..<600 where backend.frames.count < target { vblank() }
    }

    /// Time moves to `time` with no vblank (alarms due fire), and the loop takes its turn.
    func wait(until time: Double) {
        clock.advance(to: time)
        turn()
    }

    func input(_ input: PlayerInput, lane: Int = 0) { say(.input(input, lane: lane)) }

    var lastFrame: FakeBackend.Shown? { backend.frames.last }
    var exitStatus: Int32? { loop.isRunning ? nil : loop.run() }
}
