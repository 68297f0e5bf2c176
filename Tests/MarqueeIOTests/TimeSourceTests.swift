import MarqueeFormats
import MarqueeIO
import XCTest

/// Schedules against an injected clock, and the clock item's wake-up granularity.
final class TimeSourceTests: XCTestCase {
    func testScheduleShowsWhatIsOnAndArmsTheNextChange() throws {
        let night = try ScheduledMessage(parsing: "22:00-06:00|Time for bed")
        let work = try ScheduledMessage(parsing: "mon-fri 09:00-17:00|Work hours")
        var now = WallTime(year: 2026, month: 11, day: 20, hour: 21, minute: 59, second: 30) // a Friday
        let source = try ScheduleSource(entries: [night, work]) { (Double(LocalTime.epoch(of: now)), now) }
        var shown: [[String]] = []
        source.start(on: EventLoop()) { shown.append($0.map(\.text)) }
        XCTAssertEqual(shown.last, [])
        XCTAssertEqual(source.nextWake, WallTime(year: 2026, month: 11, day: 20, hour: 22, minute: 0))
        now = WallTime(year: 2026, month: 11, day: 20, hour: 22, minute: 0)
        source.update()
        XCTAssertEqual(shown.last, ["Time for bed"])
        XCTAssertEqual(source.nextWake, WallTime(year: 2026, month: 11, day: 21, hour: 6, minute: 0))
        now = WallTime(year: 2026, month: 11, day: 23, hour: 9, minute: 0) // Monday
        source.update()
        XCTAssertEqual(shown.last, ["Work hours"])
    }

    func testOnTheRealClockTheTimerIsArmedForTheWindowsStart() throws {
        // A window that opens at the start of a minute a minute or two from now.
        let start = LocalTime.now().epoch.rounded(.down) + 62
        let begin = LocalTime.wallTime(epoch: Int(start))
        let end = LocalTime.wallTime(epoch: Int(start) + 120)
        func hhmm(_ t: WallTime) -> String { String(format: "%02d:%02d", t.hour, t.minute) }
        let entry = try ScheduledMessage(parsing: "\(hhmm(begin))-\(hhmm(end))|soon")
        let source = try ScheduleSource(entries: [entry])
        let loop = EventLoop()
        source.start(on: loop) { _ in }
        let wake = try XCTUnwrap(source.nextWake)
        XCTAssertEqual(wake.second, 0)
        XCTAssertEqual(wake.minute, begin.minute, "armed for the next minute boundary the window starts at")
    }

    /// The loop sleeps until the boundary and wakes once, there: the wall-clock timer is armed at
    /// the epoch second of the next change (mapped here to one second from now).
    func testTheLoopWakesOnceExactlyAtTheBoundary() throws {
        let entry = try ScheduledMessage(parsing: "22:00-06:00|night")
        let boundary = LocalTime.now().epoch.rounded(.down) + 2
        let beforeNight = WallTime(year: 2026, month: 11, day: 21, hour: 21, minute: 59, second: 58)
        var updates = 0
        let source = try ScheduleSource(entries: [entry], clock: {
            updates += 1
            let epoch = LocalTime.now().epoch
            let wall = epoch >= boundary ? WallTime(year: 2026, month: 11, day: 21, hour: 22, minute: 0) : beforeNight
            return (epoch, wall)
        }, epochOf: { _ in Int(boundary) })
        var shown: [[String]] = []
        var shownAt = 0.0
        let loop = EventLoop()
        source.start(on: loop) { shown.append($0.map(\.text)); shownAt = LocalTime.now().epoch }
        XCTAssertEqual(shown, [[]])
        XCTAssertTrue(drive(loop, timeout: 4) { shown.count == 2 })
        XCTAssertEqual(shown.last, ["night"])
        XCTAssertEqual(updates, 2, "one wake-up: at the boundary, no polling before it")
        XCTAssertEqual(shownAt - boundary, 0, accuracy: 0.05, "woken at the boundary itself")
    }

    func testTheClockWakesEverySecondOnlyWhenItShowsSeconds() {
        XCTAssertTrue(ClockSource.showsSeconds("%H:%M:%S"))
        XCTAssertTrue(ClockSource.showsSeconds("%T"))
        XCTAssertTrue(ClockSource.showsSeconds("%c"))
        XCTAssertTrue(ClockSource.showsSeconds("%OS"))
        XCTAssertFalse(ClockSource.showsSeconds("%H:%M"))
        XCTAssertFalse(ClockSource.showsSeconds("%a %d %b %Y, %R"))
        XCTAssertFalse(ClockSource.showsSeconds("100%% sure"))
    }

    func testTheClockUpdatesOnTheSecond() throws {
        let clock = try ClockSource(format: "%S")
        var texts: [String] = []
        let loop = EventLoop()
        clock.start(on: loop) { texts += $0.map(\.text) }
        drive(loop, timeout: 2.2) { texts.count >= 3 }
        XCTAssertGreaterThanOrEqual(texts.count, 3)
        let seconds = texts.compactMap { Int($0) }
        XCTAssertEqual(seconds.count, texts.count)
        for (a, b) in zip(seconds, seconds.dropFirst()) { XCTAssertEqual((a + 1) % 60, b) }
    }
}
