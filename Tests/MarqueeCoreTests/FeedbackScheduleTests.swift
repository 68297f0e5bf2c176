import XCTest
@testable import MarqueeCore

/// How often a Wayland frame asks for presentation feedback, with frames one a callback and
/// queued through a fifo, the period unknown, known and doubted.
final class FeedbackScheduleTests: XCTestCase {
    private let period = 1.0 / 60

    /// Frames one a callback at 60 Hz for `seconds` from `start`: the times that asked.
    private func asked(_ schedule: inout FeedbackSchedule, from start: Double, seconds: Double, queued: Bool,
                       periodKnown: Bool, doubtEvery batch: Int? = nil) -> [Double] {
        var times: [Double] = []
        for index in 0..<Int(seconds / period) {
            let now = start + Double(index) * period
            if let batch, index % batch == 0 { schedule.doubt() }
            if schedule.asks(at: now, queued: queued, periodKnown: periodKnown) { times.append(now) }
        }
        return times
    }

    func testEveryFrameAsksUntilThePeriodIsKnown() {
        var schedule = FeedbackSchedule()
        XCTAssertEqual(asked(&schedule, from: 10, seconds: 1, queued: false, periodKnown: false).count, 60)
        var queued = FeedbackSchedule()
        XCTAssertEqual(asked(&queued, from: 10, seconds: 1, queued: true, periodKnown: false).count, 60)
    }

    func testFramesOneACallbackAskOnceASecondOnceThePeriodIsKnown() {
        var schedule = FeedbackSchedule()
        let times = asked(&schedule, from: 10, seconds: 10, queued: false, periodKnown: true)
        XCTAssertEqual(times.count, 10)
        XCTAssertTrue(zip(times, times.dropFirst()).allSatisfy { $1 - $0 >= 1 })
    }

    func testQueuedFramesAskEveryTenSeconds() {
        var schedule = FeedbackSchedule()
        let times = asked(&schedule, from: 10, seconds: 30, queued: true, periodKnown: true)
        XCTAssertEqual(times.count, 3, "at 10, 20 and 30 s: \(times)")
    }

    /// A loaded compositor late with every batch's callback (a doubt every 12 frames) is asked
    /// once a second, as frames one a callback are — never with every batch.
    func testADoubtedGridAsksWithinASecondButNoMoreOftenThanOnceASecond() {
        var schedule = FeedbackSchedule()
        _ = schedule.asks(at: 10, queued: true, periodKnown: true)
        schedule.doubt()
        XCTAssertFalse(schedule.asks(at: 10.5, queued: true, periodKnown: true), "half a second after the last")
        XCTAssertTrue(schedule.asks(at: 11, queued: true, periodKnown: true), "a second after the last")
        XCTAssertFalse(schedule.asks(at: 12.5, queued: true, periodKnown: true), "the doubt answered: ten seconds again")
        var loaded = FeedbackSchedule()
        let times = asked(&loaded, from: 20, seconds: 10, queued: true, periodKnown: true, doubtEvery: 12)
        XCTAssertEqual(times.count, 10, "once a second, not with each of the 50 batches")
    }
}
