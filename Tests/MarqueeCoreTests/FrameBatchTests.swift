import XCTest
@testable import MarqueeCore

/// Frames planned ahead (`MarqueePlayer.frames(at:period:limit:)`): a batch is the steady motion's
/// next vblanks, stops at anything that is not steady, and a press holds the text where the
/// frames already handed put it, never behind.
final class FrameBatchTests: XCTestCase {
    static let separator = " | "

    private func makePlayer(_ messages: [String], speed: Double = 120, width: Int = 200, period: Double = 1.0 / 60,
                            motion: MotionSettings = MotionSettings(), at time: Double = 100) -> MarqueePlayer {
        let style = TickerStyle(foreground: RGBAColor(red: 0xffff, green: 0xffff, blue: 0xffff),
                                background: RGBAColor(red: 0, green: 0, blue: 0), speed: speed, direction: .left,
                                layout: LayoutSettings(separator: Self.separator), motion: motion)
        var player = MarqueePlayer(style: style, shapes: ShapeCache(shaper: FakeShaper()), width: width, refreshPeriod: period)
        player.setVisibility(mapped: true, at: time)
        player.setMessages([MessageGroup(source: "arguments", messages: messages.map { Message($0) })])
        while player.content.isLayingOut { _ = player.continueLayout(clock: { time }) }
        return player
    }

    private let limit = FrameBatchLimit(count: 12, reach: 512)

    /// The batch is exactly the frames one at a time would have been, vblank after vblank, at
    /// 60 and 144 Hz and at speeds with fractional steps.
    func testABatchHoldsTheFramesOneAtATimeWouldShow() throws {
        for (hz, speed) in [(60.0, 120.0), (144.0, 120.0), (144.0, 100.0), (60.0, 20.0)] {
            let period = 1 / hz
            var batched = makePlayer(["Hello world", "Second message"], speed: speed, period: period)
            var single = makePlayer(["Hello world", "Second message"], speed: speed, period: period)
            let count = Int((0.2 / period).rounded(.up))
            // The first frame finds the steady line; the batch starts from the one after.
            _ = batched.frame(at: 100)
            _ = single.frame(at: 100)
            let plan = try XCTUnwrap(batched.frames(at: 100 + period, period: period, limit: FrameBatchLimit(count: count, reach: 512)))
            XCTAssertEqual(plan.frameCount, count, "\(hz) Hz, \(speed) px/s")
            for index in 0..<count {
                let one = try XCTUnwrap(single.frame(at: 100 + Double(index + 1) * period))
                let frame = plan.frame(index)
                XCTAssertEqual(FramePoint(position: frame.position, phase: frame.phase), FramePoint(position: one.position, phase: one.phase),
                               "\(hz) Hz, \(speed) px/s, frame \(index)")
                // A backend walking the batch by its points sees the same frames.
                XCTAssertEqual(plan.point(index), FramePoint(position: one.position, phase: one.phase))
            }
        }
    }

    func testABatchStaysWithinItsReach() throws {
        var player = makePlayer(["Hello world", "Second message"], speed: 3000)
        _ = player.frame(at: 100)
        let plan = try XCTUnwrap(player.frames(at: 100 + 1.0 / 60, period: 1.0 / 60, limit: FrameBatchLimit(count: 12, reach: 160)))
        // 50 px a frame: the first and three more are within 160 px.
        XCTAssertEqual(plan.frameCount, 4)
        XCTAssertLessThanOrEqual(plan.following.last!.position - plan.position, 160)
    }

    func testNothingButSteadyMotionIsBatched() throws {
        // Easing to a pause.
        var pausing = makePlayer(["Hello world", "Second message"])
        _ = pausing.frame(at: 100)
        pausing.pause(at: 100.01)
        XCTAssertEqual(try XCTUnwrap(pausing.frames(at: 100 + 2.0 / 60, period: 1.0 / 60, limit: limit)).frameCount, 1, "an ease")
        // A drag.
        var dragged = makePlayer(["Hello world", "Second message"])
        _ = dragged.handle(.press(x: 50), at: 100)
        XCTAssertEqual(try XCTUnwrap(dragged.frames(at: 100 + 1.0 / 60, period: 1.0 / 60, limit: limit)).frameCount, 1, "a drag")
        // A bounce (its ends rest) and a pause at the start.
        var motion = MotionSettings()
        motion.mode = .bounce
        var bouncing = makePlayer(["A rather long message that has to bounce in this window"], motion: motion)
        _ = bouncing.frame(at: 100)
        XCTAssertEqual(try XCTUnwrap(bouncing.frames(at: 102, period: 1.0 / 60, limit: limit)).frameCount, 1, "a bounce")
        // An urgent message still to enter: its swap is decided frame by frame.
        var urgent = makePlayer(["Alpha", "Beta", "Gamma"])
        urgent.announce("URGENT", at: 100)
        while urgent.content.isLayingOut { _ = urgent.continueLayout(clock: { 100 }) }
        _ = urgent.frame(at: 100)
        XCTAssertEqual(try XCTUnwrap(urgent.frames(at: 100 + 1.0 / 60, period: 1.0 / 60, limit: limit)).frameCount, 1, "urgent")
        // One frame per callback.
        var single = makePlayer(["Hello world", "Second message"])
        _ = single.frame(at: 100)
        XCTAssertEqual(try XCTUnwrap(single.frames(at: 100 + 1.0 / 60, period: 1.0 / 60, limit: .single)).frameCount, 1)
    }

    /// The batch's later frames are shown without the player hearing of it: it catches up to
    /// the one on screen before anything reads the window's place.
    func testThePlayerCatchesUpToTheFrameOnScreen() throws {
        var player = makePlayer(["Hello world", "Second message"])
        let period = 1.0 / 60
        _ = player.frame(at: 100)
        let plan = try XCTUnwrap(player.frames(at: 100 + period, period: period, limit: limit))
        XCTAssertEqual(player.strip.position, plan.position)
        player.catchUp(to: 100 + 5.5 * period)
        XCTAssertEqual(player.strip.position, plan.frame(4).position, "the fifth frame is on screen")
        player.catchUp(to: 200)
        XCTAssertEqual(player.strip.position, plan.frame(11).position, "the batch's last stays on screen")
    }

    /// A press between two vblanks holds the text where the next handed frame shows it: that one
    /// may reach the screen whatever is planned now, so holding where the text was at the press
    /// would step back to it.
    func testAPressHoldsWhereTheNextHandedFrameIsNeverBehind() throws {
        let period = 1.0 / 60
        // Frames are handed a vblank ahead (the one for 100 + p right after the vblank at 100);
        // a batch's reach further. Pressed at `press`, the text holds where frame `index` shows it.
        for (limit, press, index) in [(FrameBatchLimit.single, 100 + 0.6 * period, 0), (self.limit, 100 + 0.6 * period, 0),
                                      (self.limit, 100 + 3.4 * period, 3)] {
            var player = makePlayer(["Hello world", "Second message"])
            _ = player.frame(at: 100)
            let plan = try XCTUnwrap(player.frames(at: 100 + period, period: period, limit: limit))
            player.catchUp(to: press)
            _ = player.handle(.press(x: 50), at: press)
            let next = 100 + Double(index + 2) * period
            let held = try XCTUnwrap(player.frames(at: next, period: period, limit: limit))
            let handed = plan.frame(index)
            XCTAssertEqual(FramePoint(position: held.position, phase: held.phase), FramePoint(position: handed.position, phase: handed.phase),
                           "held where handed frame \(index) is (batch of \(limit.count))")
            let later = try XCTUnwrap(player.frames(at: next + 3 * period, period: period, limit: limit))
            XCTAssertEqual(later.position, held.position, "and still")
            XCTAssertEqual(later.frameCount, 1, "a drag is planned frame by frame")
        }
        // Every handed frame shown: the text holds where it is at the press, ahead of the last one.
        var player = makePlayer(["Hello world", "Second message"])
        let shown = try XCTUnwrap(player.frames(at: 100, period: period, limit: .single))
        _ = player.handle(.press(x: 50), at: 100 + 0.5 * period)
        let held = try XCTUnwrap(player.frames(at: 100 + period, period: period, limit: .single))
        XCTAssertEqual(held.position, shown.position + 1, "1 px on: where the motion was at the press")
    }

    /// Covered while a batch is queued: the queued frames still reach the window, so when it is
    /// seen again the text goes on from the batch's last frame, not from where it was at the cover.
    func testSeenAgainTheTextGoesOnFromTheLastQueuedFrame() throws {
        let period = 1.0 / 60
        var player = makePlayer(["Hello world", "Second message"])
        _ = player.frame(at: 100)
        let plan = try XCTUnwrap(player.frames(at: 100 + period, period: period, limit: limit))
        player.setVisibility(fullyObscured: true, at: 100 + 1.5 * period)
        XCTAssertNil(player.frames(at: 100 + 2 * period, period: period, limit: limit))
        player.setVisibility(fullyObscured: false, at: 105)
        let next = try XCTUnwrap(player.frames(at: 105 + period, period: period, limit: limit))
        XCTAssertEqual(next.position, plan.frame(plan.frameCount - 1).position + 2, "one step on from the last frame shown")
    }

    func testStatisticsCountReplacedFramesOnce() {
        var statistics = FrameStatistics()
        statistics.noteShown(counter: 10, count: 12)
        XCTAssertEqual(statistics.shown, 12)
        // Re-planned from 14: frames 14…21 were replaced.
        statistics.noteShown(counter: 14, count: 1)
        XCTAssertEqual(statistics.shown, 5)
        statistics.noteShown(counter: 15)
        statistics.noteShown(counter: 17)
        XCTAssertEqual(statistics.shown, 7)
        XCTAssertEqual(statistics.missed, 1)
        XCTAssertEqual(statistics.late, [1, 0, 0])
    }

    func testLateFramesAreCountedByHowLateTheyCame() {
        var statistics = FrameStatistics()
        statistics.noteShown(counter: 1)
        statistics.noteShown(counter: 4)    // two vblanks missed: late by two
        statistics.noteShown(counter: 5)
        statistics.noteShown(counter: 12)   // late by six: a stall
        statistics.noteShown(counter: 14)   // late by one
        statistics.noteStopped()
        statistics.noteShown(counter: 100)  // started again on purpose: not late
        XCTAssertEqual(statistics.late, [1, 1, 1])
        XCTAssertEqual(statistics.missed, 9)
    }

    func testPlannedFramesKnowWhichIsShownAndWhichComesNext() {
        let planned = PlannedFrames(firstTime: 10, period: 0.5, count: 4)
        XCTAssertNil(planned.shownIndex(at: 9.9))
        XCTAssertEqual(planned.shownIndex(at: 10), 0)
        XCTAssertEqual(planned.shownIndex(at: 11.2), 2)
        XCTAssertEqual(planned.shownIndex(at: 99), 3)
        XCTAssertEqual(planned.nextTime(after: 9), 10)
        XCTAssertEqual(planned.nextTime(after: 10.2), 10.5)
        XCTAssertEqual(planned.nextTime(after: 11.4), 11.5)
        XCTAssertNil(planned.nextTime(after: 11.5))
    }
}
