import XCTest
@testable import MarqueeCore

/// `--mode hold` (the staggered crawl): the text moves at its speed and each message's start
/// stands at the reading edge for the hold, as a function of the vblank time; batches of frames
/// end at a stop; a screen reader hears each message that stands. A fake shaper, a window 200 px
/// wide, 60 Hz, 120 px/s (2 px a frame).
final class HoldModeTests: XCTestCase {
    static let period = 1.0 / 60
    static let messages = ["Hello world", "Second message", "Third"]

    private func makePlayer(_ messages: [String] = HoldModeTests.messages, hold: Double = 2, direction: ScrollDirection = .left,
                            width: Int = 200, at time: Double = 100) -> MarqueePlayer {
        var motion = MotionSettings()
        motion.mode = .hold
        motion.hold = hold
        let style = TickerStyle(foreground: RGBAColor(red: 0xffff, green: 0xffff, blue: 0xffff), background: RGBAColor(red: 0, green: 0, blue: 0),
                                speed: 120, direction: direction, layout: LayoutSettings(separator: " | "), motion: motion)
        var player = MarqueePlayer(style: style, shapes: ShapeCache(shaper: FakeShaper()), width: width, refreshPeriod: Self.period)
        player.setVisibility(mapped: true, at: time)
        setMessages(messages, on: &player, at: time)
        return player
    }

    private func setMessages(_ messages: [String], on player: inout MarqueePlayer, at time: Double) {
        player.setMessages([MessageGroup(source: "arguments", messages: messages.map { Message($0) })])
        while player.content.isLayingOut { _ = player.continueLayout(clock: { time }) }
    }

    /// The vblank times from `start` for `seconds`.
    private func vblanks(from start: Double, seconds: Double) -> [Double] {
        (0..<Int((seconds / Self.period).rounded())).map { start + Double($0) * Self.period }
    }

    /// Runs of equal positions ended before the last frame: (position, first frame, frames).
    private func stands(_ positions: [Int]) -> [(position: Int, first: Int, frames: Int)] {
        var runs: [(position: Int, first: Int, frames: Int)] = []
        for (index, position) in positions.enumerated() {
            if let last = runs.last, last.position == position { runs[runs.count - 1].frames += 1 } else { runs.append((position, index, 1)) }
        }
        return runs.filter { $0.frames > 1 && $0.first + $0.frames < positions.count }
    }

    // MARK: The schedule

    func testTheScheduleStandsAtEachStopThenMovesAtItsSpeed() throws {
        let schedule = try XCTUnwrap(StopSchedule(velocity: 100, pause: 2, lead: [], tailStart: 40, cycle: 300, offsets: [0, 100, 220]))
        let program = ScrollProgram.stopping(schedule)
        for (tau, position) in [(0.0, 40.0), (1.99, 40), (2.5, 90), (3, 140), (4.99, 140), (5.6, 200), (6.2, 260), (8.19, 260),
                                (8.6, 300), (9, 340), (10.99, 340), (11.5, 390)] {
            XCTAssertEqual(program.position(at: tau), position, accuracy: 1e-9, "τ \(tau)")
        }
        XCTAssertEqual(program.restEnd(after: 3.5), 5)
        XCTAssertNil(program.restEnd(after: 5.5))
        XCTAssertEqual(schedule.arrival(after: 5.5) ?? 0, 6.2, accuracy: 1e-9)
        XCTAssertNil(schedule.arrival(after: 6.5), "standing")
        XCTAssertEqual(schedule.arrival(after: 8.5) ?? 0, 9, accuracy: 1e-9, "the cycle wraps to its first stop")
        // Leftward: the same stops the other way, and stops of older text ahead first.
        let back = try XCTUnwrap(StopSchedule(velocity: -100, pause: 1, lead: [500, 480], tailStart: 400, cycle: 300, offsets: [0, 50]))
        for (tau, position) in [(0.5, 500.0), (1.1, 490), (1.2, 480), (2.2, 480), (2.7, 430), (3, 400), (4, 400), (4.5, 350), (5, 350),
                                (7.5, 150), (9, 100)] {
            XCTAssertEqual(ScrollProgram.stopping(back).position(at: tau), position, accuracy: 1e-9, "τ \(tau)")
        }
    }

    // MARK: The player, frame by frame

    /// Every vblank for 12 s: each message's start stands at the left edge for the hold (to the
    /// frame), in reading order and on into the next cycle; between stands every step is the
    /// speed's 2 px but the first and last (the stop lies between two vblanks).
    func testEachMessageStartStandsAtTheReadingEdgeForTheHold() throws {
        var player = makePlayer(hold: 1.5)
        let positions = vblanks(from: 100, seconds: 12).compactMap { player.frame(at: $0)?.position }
        let layout = try XCTUnwrap(player.strip.timeline?.segments.first?.content.layout)
        let found = stands(positions)
        XCTAssertGreaterThanOrEqual(found.count, 5, "\(found)")
        for (number, stand) in found.enumerated() {
            XCTAssertEqual(StripGeometry.floorMod(stand.position, layout.width), layout.messageStarts[number % layout.messageCount],
                           "stand \(number) at a message's start: \(found)")
            XCTAssertEqual(Double(stand.frames), 1.5 * 60, accuracy: 1.01, "stand \(number) lasts the hold")
        }
        XCTAssertEqual(found[3].position - found[0].position, layout.width, "the cycle repeats without a gap")
        for (stand, next) in zip(found, found.dropFirst()) {
            let steps = zip(positions[(stand.first + stand.frames - 1)..<next.first], positions[(stand.first + stand.frames)...next.first])
                .map { $1 - $0 }
            XCTAssertTrue(steps.dropFirst().dropLast().allSatisfy { $0 == 2 }, "2 px a frame between stands: \(steps)")
            XCTAssertTrue(steps.allSatisfy { (1...2).contains($0) }, "\(steps)")
        }
        XCTAssertEqual(player.frame(at: 100 + 0.5)?.phase, 0, "standing at a whole pixel")
    }

    /// Rightward text reads at the right edge: each message's end stands there.
    func testRightwardTextStandsWithEachMessageEndAtTheRightEdge() throws {
        var player = makePlayer(direction: .right)
        let positions = vblanks(from: 100, seconds: 12).compactMap { player.frame(at: $0)?.position }
        let layout = try XCTUnwrap(player.strip.timeline?.segments.first?.content.layout)
        let found = stands(positions)
        XCTAssertGreaterThanOrEqual(found.count, 4, "\(found)")
        for stand in found {
            XCTAssertTrue(layout.messageEnds.contains(StripGeometry.floorMod(stand.position + 200, layout.width)), "\(stand)")
            XCTAssertEqual(Double(stand.frames), 120, accuracy: 1.01)
        }
        XCTAssertTrue(zip(found, found.dropFirst()).allSatisfy { $1.position < $0.position }, "moving right: \(found)")
    }

    // MARK: Batches of frames queued ahead

    /// As a display that queues frames plans them (0.2 s a batch): no batch runs past a stop, the
    /// batch that reaches it ends with the frame standing there and asks for no frames until the
    /// hold ends; the frames shown are those of the vblanks one by one.
    func testBatchesEndAtAStopAndNothingIsPlannedWhileItStands() throws {
        var batched = makePlayer()
        var single = makePlayer()
        let limit = FrameBatchLimit(count: 12, reach: 512)
        var time = 100.0, restsAsked = 0
        while time < 112 {
            let plan = try XCTUnwrap(batched.frames(at: time, period: Self.period, limit: limit))
            for index in 0..<plan.frameCount {
                let frameTime = time + Double(index) * Self.period
                XCTAssertEqual(plan.point(index).position, single.frame(at: frameTime)?.position, "frame at \(frameTime)")
            }
            switch plan.demand {
            case .nextFrame:
                time += Double(plan.frameCount) * Self.period
            case .restUntil(let wake):
                // The batch that moved up to the stop (not a frame of its own after it).
                if plan.frameCount > 1 { restsAsked += 1 }
                let next = time + Double(plan.frameCount - 1) * Self.period
                XCTAssertGreaterThan(wake - next, 1.9, "the last frame stands at the stop's start")
                // The first vblank after the hold's end (as the driver's alarm, then its frame request).
                time = 100 + ((wake - 100) / Self.period + 1e-6).rounded(.up) * Self.period
            case .none:
                return XCTFail("frames stopped")
            }
        }
        XCTAssertGreaterThanOrEqual(restsAsked, 3, "a rest asked for by the batch reaching each stop after the first")
    }

    // MARK: Screen readers

    func testAScreenReaderHearsEachMessageAsItStands() {
        var player = makePlayer()
        let limit = FrameBatchLimit(count: 12, reach: 512)
        var time = 100.0, heard: [String] = []
        while time < 112 {
            guard let plan = player.frames(at: time, period: Self.period, limit: limit) else { break }
            heard += player.takeAnnouncements().map(\.text)
            if case .restUntil(let wake) = plan.demand { time = wake + 0.001 } else { time += Double(plan.frameCount) * Self.period }
        }
        XCTAssertEqual(Array(heard.prefix(4)), Self.messages + [Self.messages[0]], "\(heard)")
        XCTAssertTrue(heard.allSatisfy { Self.messages.contains($0) })
    }

    // MARK: Changes while standing or moving

    /// New text while a message stands: nothing moves, and the stand ends when it would have.
    func testNewTextWhileStandingKeepsTheStandAndItsEnd() throws {
        var player = makePlayer()
        _ = vblanks(from: 100, seconds: 4).map { player.frame(at: $0) }
        let standing = try XCTUnwrap(player.frame(at: 104))
        guard case .restUntil(let end) = player.demand(at: 104) else { return XCTFail("standing at 104") }
        setMessages(["Hello world", "Second message, longer now", "Third", "Fourth"], on: &player, at: 104.01)
        XCTAssertEqual(player.frame(at: 104 + Self.period)?.position, standing.position, "nothing moves")
        XCTAssertEqual(player.demand(at: 104.1), .restUntil(end), "the stand keeps its end")
    }

    /// New text swapped in at a seam while the text moves stands at its own messages' starts, not
    /// where the old text's would have been; nothing jumps.
    func testNewTextStandsAtItsOwnMessageStarts() throws {
        var player = makePlayer()
        _ = vblanks(from: 100, seconds: 2.5).map { player.frame(at: $0) }
        setMessages(["A much longer first message now", "Wi", "Another one here"], on: &player, at: 102.5)
        var positions: [Int] = [], offsets: [Int: (offset: Int, starts: [Int])] = [:]
        for time in vblanks(from: 102.5, seconds: 25) {
            guard let plan = player.frame(at: time) else { continue }
            if let last = positions.last { XCTAssertTrue((0...2).contains(plan.position - last), "no jump at \(time)") }
            positions.append(plan.position)
            if let (segment, offset) = player.strip.timeline?.locate(plan.position) {
                offsets[plan.position] = (offset, Array(segment.content.layout.messageStarts))
            }
        }
        let found = stands(positions)
        XCTAssertTrue(found.contains { offsets[$0.position]?.starts.count == 3 && offsets[$0.position]?.starts[1] == offsets[$0.position]?.offset },
                      "the new text's short second message stands too: \(found)")
        for stand in found {
            let place = try XCTUnwrap(offsets[stand.position])
            XCTAssertTrue(place.starts.contains(place.offset), "\(stand) at a message start of the text there: \(place)")
        }
    }

    /// A drag moves the text off its stops; once it comes to rest the next stand is again at a
    /// message's start.
    func testAfterADragTheTextStandsAtMessageStartsAgain() throws {
        var player = makePlayer()
        _ = vblanks(from: 100, seconds: 2.5).map { player.frame(at: $0) }
        _ = player.handle(.press(x: 100), at: 102.5)
        _ = player.handle(.move(x: 63), at: 102.55)
        _ = player.handle(.release(x: 63), at: 102.7)
        let positions = vblanks(from: 102.7, seconds: 12).compactMap { player.frame(at: $0)?.position }
        let layout = try XCTUnwrap(player.strip.timeline?.segments.first?.content.layout)
        let found = stands(positions).filter { $0.frames > 30 }
        XCTAssertGreaterThanOrEqual(found.count, 2, "\(found)")
        for stand in found { XCTAssertTrue(layout.messageStarts.contains(StripGeometry.floorMod(stand.position, layout.width)), "\(stand)") }
    }

    /// A pause during a stand (space, hover, `ctl pause`) holds the text; after the resume it
    /// stands for what was left of the hold, then moves on.
    func testAPauseDuringAStandKeepsWhatIsLeftOfIt() throws {
        var player = makePlayer()
        let standing = try XCTUnwrap(player.frame(at: 100.5))
        XCTAssertEqual(player.demand(at: 100.5), .restUntil(102), "1.5 s of the hold left")
        player.pause(at: 100.5)
        XCTAssertEqual(player.demand(at: 100.5), .none, "paused while standing: no frame at all, not even while the pause eases in")
        XCTAssertEqual(player.demand(at: 101), .none, "paused: no frames, no alarm")
        player.resume(at: 110)
        guard case .restUntil(let end) = player.demand(at: 110) else { return XCTFail("resumed while standing: an alarm, no frames") }
        XCTAssertEqual(end, 111.5, accuracy: 1e-9, "the rest of the hold, through the resume's ease")
        // A refresh period measured anew while the resume eases in (X11's Present, a compositor's
        // callbacks) plans the stops again: the stand keeps what is left of it.
        player.setRefreshPeriod(1 / 59.9, atFrame: 110 + Self.period)
        let positions = vblanks(from: 110, seconds: 3).compactMap { player.frame(at: $0)?.position }
        let still = positions.prefix { $0 == standing.position }.count
        // In program time: the pause's ease to a stop ran 0.175 s of the rest, the resume's ease
        // up gives it back, so the text stands 1.5 s more (to the frame).
        XCTAssertEqual(Double(still) * Self.period, 1.5, accuracy: 1.01 * Self.period, "what was left of the hold")
        XCTAssertGreaterThan(positions.last ?? 0, standing.position, "then it moves on")
    }

    /// `next` in hold mode: the next message's start comes to the edge (eased, as a scrub) and
    /// stands there for the whole hold; from a stand, the message after it.
    func testNextBringsTheNextMessageToStandForTheHold() throws {
        var player = makePlayer()
        let layout = try XCTUnwrap(player.strip.timeline?.segments.first?.content.layout)
        _ = vblanks(from: 100, seconds: 2.6).map { player.frame(at: $0) }
        player.skipToNextMessage(at: 102.6)
        let positions = vblanks(from: 102.6, seconds: 3).compactMap { player.frame(at: $0)?.position }
        let stand = try XCTUnwrap(stands(positions).first { $0.frames > 10 })
        XCTAssertEqual(stand.position, layout.messageStarts[1], "moving off the first message: the second's start")
        XCTAssertLessThanOrEqual(stand.first, 13, "eased there in 0.2 s")
        XCTAssertEqual(Double(stand.frames), 120, accuracy: 1.01, "standing the whole hold")
        // A new refresh period measured during the scrub (a compositor's callbacks) changes nothing.
        var measured = makePlayer()
        _ = vblanks(from: 100, seconds: 2.6).map { measured.frame(at: $0) }
        measured.skipToNextMessage(at: 102.6)
        measured.setRefreshPeriod(1 / 59.9, atFrame: 102.6 + 1 / 59.9)
        let remeasured = vblanks(from: 102.6 + 1 / 59.9, seconds: 3).compactMap { measured.frame(at: $0)?.position }
        XCTAssertEqual(stands(remeasured).first { $0.frames > 10 }?.position, layout.messageStarts[1], "\(stands(remeasured))")
        // From a stand: the message after it, not the one standing.
        var standing = makePlayer()
        standing.skipToNextMessage(at: 100.5)
        let next = vblanks(from: 100.5, seconds: 1).compactMap { standing.frame(at: $0)?.position }
        XCTAssertEqual(next.last, layout.messageStarts[1])
    }

    /// Reduced motion keeps its pages: nothing moves, whatever the mode.
    func testReducedMotionKeepsItsPages() {
        var player = makePlayer()
        player.setReducedMotion(true, at: 100.5)
        while player.content.isLayingOut { _ = player.continueLayout(clock: { 100.5 }) }
        XCTAssertTrue(player.pages.showsPages)
        XCTAssertFalse(player.framesWanted(at: 101))
        XCTAssertNotEqual(player.demand(at: 101), .nextFrame)
    }
}
