import XCTest
@testable import MarqueeCore

/// The Wayland frame clock with synthetic timestamps: callbacks only (headless sway), presentation
/// feedback with and without a refresh figure (weston, real outputs), jitter, missed refreshes.
final class PresentationClockTests: XCTestCase {
    /// A wobble of up to ±`amount` seconds, the same in every run (a linear congruential sequence).
    private func jitter(_ index: Int, amount: Double) -> Double {
        var state = UInt64(index) &* 6364136223846793005 &+ 1442695040888963407
        state ^= state >> 33
        state = state &* 0xff51afd7ed558ccd
        state ^= state >> 33
        return (Double(state % 2001) / 1000 - 1) * amount
    }

    /// Drives the clock like the pacer: each callback at `times[i]` draws one frame at once.
    private func frames(_ clock: inout PresentationClock, callbacks times: [Double]) -> [(counter: UInt64, time: Double)] {
        var out: [(UInt64, Double)] = []
        for (index, time) in times.enumerated() {
            clock.noteCallback(at: time, consecutive: index > 0)
            out.append(clock.nextFrame(after: time + 0.0003))
        }
        return out
    }

    func testCallbacksWithJitterGiveEvenlySpacedFrameTimes() {
        var clock = PresentationClock()
        let period = 1.0 / 60
        let times = (0..<300).map { 100 + Double($0) * period + jitter($0, amount: 0.001) }
        let shown = frames(&clock, callbacks: times)
        XCTAssertEqual(clock.source, .callbacks)
        XCTAssertEqual(clock.period, period, accuracy: period * 0.003)
        // The callbacks wobble by ±6 % of a frame; after the first second the frame times by a
        // sixth of that, and once the period has settled, by a thousandth.
        for pair in zip(shown.dropFirst(60), shown.dropFirst(61)) {
            XCTAssertEqual(pair.1.counter, pair.0.counter + 1)
            XCTAssertEqual(pair.1.time - pair.0.time, period, accuracy: period * 0.01)
        }
        for pair in zip(shown.dropFirst(200), shown.dropFirst(201)) {
            XCTAssertEqual(pair.1.time - pair.0.time, period, accuracy: period * 0.001)
        }
        // Each frame is shown after it is drawn, and within about a refresh of it.
        for (index, frame) in shown.enumerated() {
            XCTAssertGreaterThan(frame.time, times[index])
            XCTAssertLessThan(frame.time - times[index], period * 1.5)
        }
    }

    func testHigherRateThanTheGuessIsMeasured() {
        var clock = PresentationClock(guessedPeriod: 1.0 / 60)
        let period = 1.0 / 144
        let times = (0..<40).map { 5 + Double($0) * period }
        _ = frames(&clock, callbacks: times)
        XCTAssertEqual(clock.period, period, accuracy: period * 0.002)
    }

    func testMissedRefreshSkipsCountersWithoutChangingThePeriod() {
        var clock = PresentationClock()
        let period = 1.0 / 60
        var times = (0..<30).map { 10 + Double($0) * period }
        times.append(10 + 32 * period)   // two refreshes missed
        let shown = frames(&clock, callbacks: times)
        XCTAssertEqual(clock.period, period, accuracy: period * 0.002)
        let last = shown[shown.count - 1], before = shown[shown.count - 2]
        XCTAssertEqual(last.counter - before.counter, 3)
        XCTAssertEqual(last.time - before.time, 3 * period, accuracy: 1e-9)
    }

    func testPauseBreaksTheMeasurement() {
        var clock = PresentationClock()
        let period = 1.0 / 60
        for index in 0..<10 { clock.noteCallback(at: Double(index) * period, consecutive: index > 0) }
        // A rest of five seconds, then frames again: the gap is not an interval.
        for index in 0..<10 { clock.noteCallback(at: 5 + Double(index) * period, consecutive: index > 0) }
        XCTAssertEqual(clock.period, period, accuracy: period * 0.002)
    }

    func testPresentationFeedbackWithRefreshIsExact() {
        var clock = PresentationClock()
        // Callbacks first (jittery), then the compositor's feedback takes over.
        _ = frames(&clock, callbacks: (0..<10).map { 1 + Double($0) * 0.017 + jitter($0, amount: 0.002) })
        let refresh = 0.025
        clock.notePresented(at: 3.0, refresh: refresh)
        XCTAssertEqual(clock.source, .presentation)
        XCTAssertEqual(clock.period, refresh)
        let next = clock.nextFrame(after: 3.001)
        XCTAssertEqual(next.time, 3.025, accuracy: 1e-9)
        // Callbacks no longer move the grid once feedback arrives.
        clock.noteCallback(at: 3.0105, consecutive: true)
        XCTAssertEqual(clock.nextFrame(after: 3.03).time, 3.05, accuracy: 1e-9)
    }

    func testPresentationWithoutRefreshMeasuresThePeriod() {
        var clock = PresentationClock()
        for index in 0..<20 { clock.notePresented(at: 2 + Double(index) * 0.02, refresh: nil) }
        XCTAssertEqual(clock.period, 0.02, accuracy: 1e-6)
        XCTAssertEqual(clock.nextFrame(after: 2.381).time, 2.40, accuracy: 1e-9)
    }

    /// Frames queued ahead through a fifo: the frame after a batch comes after its last, and the
    /// first free vblank after a moment is past the queue.
    func testFramesQueuedAheadAreNotDrawnAgain() throws {
        var clock = PresentationClock()
        clock.notePresented(at: 5.0, refresh: 0.02)
        let first = clock.nextFrame(after: 5.001)
        XCTAssertEqual(first.time, 5.02, accuracy: 1e-9)
        clock.reserve(through: first.counter + 11)
        let free = try XCTUnwrap(clock.peekFrame(after: 5.05, notBefore: first.counter + 12))
        XCTAssertEqual(free.counter, first.counter + 12, "past the queue, not the vblank after 5.05")
        XCTAssertEqual(free.time, 5.26, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(clock.peekFrame(after: 5.35, notBefore: first.counter + 12)).time, 5.36, accuracy: 1e-9,
                       "once the queue has run out, the vblank after the moment")
        let next = clock.nextFrame(after: 5.201)
        XCTAssertEqual(next.counter, first.counter + 12, "the batch after starts behind the queue")
        XCTAssertNil(PresentationClock().peekFrame(after: 1, notBefore: 0), "no grid yet")
    }

    func testCountersOnlyGrow() {
        var clock = PresentationClock()
        clock.noteCallback(at: 1, consecutive: false)
        let first = clock.nextFrame(after: 1.001)
        let second = clock.nextFrame(after: 1.002)
        XCTAssertGreaterThan(second.counter, first.counter)
        XCTAssertGreaterThan(second.time, first.time)
    }

    func testGridMovesWhenTheCompositorsTimesLeaveIt() {
        var clock = PresentationClock()
        let period = 1.0 / 60
        _ = frames(&clock, callbacks: (0..<20).map { Double($0) * period })
        // The output's phase shifts by half a frame (another output took over).
        let shifted = (20..<40).map { (Double($0) + 0.5) * period }
        let shown = frames(&clock, callbacks: shifted)
        XCTAssertEqual(shown.last!.time - shifted.last!, period, accuracy: 1e-6)
    }
}
