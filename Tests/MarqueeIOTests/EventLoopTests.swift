import Glibc
import MarqueeIO
import XCTest

/// A `Watch` holds a descriptor on the loop for as long as it is kept, and no longer.
final class EventLoopTests: XCTestCase {
    private func makePipe() -> (read: Int32, write: Int32) {
        var ends: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&ends), 0)
        return (ends[0], ends[1])
    }

    func testReleasingAWatchUnwatches() {
        let loop = EventLoop()
        let ends = makePipe()
        defer { close(ends.read); close(ends.write) }
        _ = write(ends.write, "x", 1)
        var calls = 0
        var watch: EventLoop.Watch? = loop.watching(ends.read) { _ in calls += 1 }
        XCTAssertTrue(drive(loop, timeout: 2) { calls > 0 })
        XCTAssertNotNil(watch)
        watch = nil
        let seen = calls
        XCTAssertTrue(driveUntilSettled(loop))
        XCTAssertEqual(calls, seen, "the byte is still unread, but nobody watches it any more")
    }

    /// A descriptor number closed and opened again belongs to its new watcher: the old watch,
    /// released late, leaves it alone.
    func testAStaleWatchLeavesTheReusedNumberAlone() {
        let loop = EventLoop()
        let first = makePipe()
        var stale: EventLoop.Watch? = loop.watching(first.read) { _ in }
        close(first.read)
        close(first.write)
        let second = makePipe()
        defer { close(second.read); close(second.write) }
        XCTAssertEqual(second.read, first.read, "the lowest free number is reused")
        var calls = 0
        let current = loop.watching(second.read) { _ in calls += 1 }
        XCTAssertNotNil(stale)
        stale = nil
        _ = write(second.write, "x", 1)
        XCTAssertTrue(drive(loop, timeout: 2) { calls > 0 })
        XCTAssertEqual(current.fd, second.read)
    }

    func testReleasingATimersWakeDisarmsIt() throws {
        let loop = EventLoop()
        let timer = try XCTUnwrap(DeadlineTimer())
        var wakes = 0
        var wake: EventLoop.Watch? = timer.wake(on: loop) { wakes += 1 }
        timer.arm(at: MonotonicClock.now() + 0.05)
        XCTAssertTrue(drive(loop, timeout: 2) { wakes == 1 })
        let deadline = MonotonicClock.now() + 0.05
        timer.arm(at: deadline)
        XCTAssertNotNil(wake)
        wake = nil
        // Until a second timer on the same clock expires just after that deadline.
        let later = try XCTUnwrap(DeadlineTimer())
        later.arm(at: deadline + 0.01)
        var reference = pollfd(fd: later.fd, events: Int16(POLLIN), revents: 0)
        XCTAssertEqual(poll(&reference, 1, 2000), 1, "the later deadline came")
        var entry = pollfd(fd: timer.fd, events: Int16(POLLIN), revents: 0)
        XCTAssertEqual(poll(&entry, 1, 0), 0, "disarmed: its deadline passed without an expiry")
    }
}
