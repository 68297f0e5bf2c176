import XCTest
@testable import MarqueeCore

/// `--mode roll`: pages that stand for their reading time and roll up into each other, planned
/// frame by frame as a function of the vblank time (a fake shaper, a bar 200 × 30, 60 Hz).
final class PageRollTests: XCTestCase {
    static let period = 1.0 / 60
    static let height = 30

    private func rollingPlayer(_ messages: [String], at time: Double = 100) -> MarqueePlayer {
        var motion = MotionSettings()
        motion.mode = .roll
        let style = TickerStyle(foreground: RGBAColor(red: 0xffff, green: 0xffff, blue: 0xffff), background: RGBAColor(red: 0, green: 0, blue: 0),
                                speed: 120, direction: .left, layout: LayoutSettings(separator: " | "), motion: motion)
        var player = MarqueePlayer(style: style, shapes: ShapeCache(shaper: FakeShaper()), width: 200, refreshPeriod: Self.period)
        player.resize(width: 200, height: Self.height, at: time)
        player.setVisibility(mapped: true, at: time)
        player.setMessages([MessageGroup(source: "arguments", messages: messages.map { Message($0) })])
        player.setReducedMotion(false, at: time)
        settle(&player, at: time)
        return player
    }

    private func settle(_ player: inout MarqueePlayer, at time: Double) {
        while player.content.isLayingOut { _ = player.continueLayout(clock: { time }) }
    }

    /// The frames from `start` at every vblank while frames are wanted: each one's time and roll offset (nil: standing).
    private func frames(_ player: inout MarqueePlayer, from start: Double) -> [(time: Double, offset: Int?)] {
        var planned: [(time: Double, offset: Int?)] = []
        var time = start
        while player.framesWanted(at: time - Self.period), planned.count < 600, let plan = player.frame(at: time) {
            planned.append((time, plan.roll?.offset))
            time += Self.period
        }
        return planned
    }

    func testTheOffsetIsEasedOnTheEighthPixelGridAndOverWithinHalfASecond() {
        let roll = PageRoll(start: 10, height: Self.height)
        let full = Self.height * SubpixelGrid.steps
        XCTAssertEqual(roll.offset(at: 10), 0)
        XCTAssertEqual(roll.offset(at: 10 + PageRoll.duration / 2), full / 2, "halfway at half the time")
        XCTAssertEqual(roll.offset(at: roll.end), full)
        XCTAssertLessThanOrEqual(PageRoll.duration, 0.5)
        var previous = 0, steps: [Int] = []
        for frame in 1...27 {
            let offset = roll.offset(at: 10 + Double(frame) * Self.period)
            XCTAssertGreaterThanOrEqual(offset, previous, "never back")
            steps.append(offset - previous)
            previous = offset
            // On the grid: within half an eighth of the eased curve.
            let exact = PageRoll.eased(10 + Double(frame) * Self.period, from: 10) * Double(full)
            XCTAssertLessThanOrEqual(abs(Double(offset) - exact), 0.5 + 1e-9)
        }
        XCTAssertLessThan(steps.first!, steps[13], "eased in: slow at the start")
        XCTAssertLessThan(steps[25], steps[13], "eased out: slow at the end")
        XCTAssertTrue(roll.isOver(at: 10.45))
    }

    func testAPageStandsForItsReadingTimeThenTheNextRollsInAndStands() throws {
        var player = rollingPlayer(["Alpha", "Beta"])
        XCTAssertTrue(player.pages.showsPages && player.pages.rolls)
        XCTAssertEqual(player.messageOnScreen, "Alpha")
        XCTAssertEqual(player.demand(at: 100), .none, "a page stands: no frames")
        let wake = try XCTUnwrap(player.pages.nextSwitch)
        XCTAssertEqual(wake - 100, MessagePager.readingTime(characters: 5), accuracy: 1e-9)
        player.pageTimeUp(at: wake)
        settle(&player, at: wake)
        XCTAssertEqual(player.messageOnScreen, "Beta")
        XCTAssertEqual(player.demand(at: wake), .nextFrame, "the roll moves")
        let planned = frames(&player, from: wake + Self.period)
        let rolling = planned.filter { $0.offset != nil }
        XCTAssertGreaterThanOrEqual(rolling.count, 25)
        XCTAssertLessThanOrEqual(rolling.last!.time - wake, 0.5, "in place within half a second")
        XCTAssertEqual(zip(rolling, rolling.dropFirst()).filter { $0.offset! > $1.offset! }.count, 0, "up only")
        for frame in rolling {
            XCTAssertEqual(frame.offset, PageRoll(start: wake, height: Self.height).offset(at: frame.time), "a function of the vblank time")
        }
        XCTAssertNil(planned.last?.offset, "the last frame shows the page standing")
        XCTAssertEqual(player.demand(at: planned.last!.time), .none, "then nothing wakes")
        let next = try XCTUnwrap(player.pages.nextSwitch)
        XCTAssertEqual(next - (wake + PageRoll.duration), MessagePager.readingTime(characters: 4), accuracy: 1e-9,
                       "the reading time counts from the roll's end")
    }

    func testTheOutgoingPageIsTheOneThatStood() throws {
        var player = rollingPlayer(["Alpha", "Beta"])
        let standing = player.still()
        let wake = try XCTUnwrap(player.pages.nextSwitch)
        player.pageTimeUp(at: wake)
        settle(&player, at: wake)
        let plan = try XCTUnwrap(player.frame(at: wake + 0.2))
        let roll = try XCTUnwrap(plan.roll)
        XCTAssertEqual(roll.outgoing?.stamp, standing.strip?.stamp)
        XCTAssertEqual(roll.outgoingPoint, FramePoint(position: standing.position, phase: standing.phase))
        XCTAssertEqual(roll.row * SubpixelGrid.steps + roll.verticalPhase, roll.offset)
        XCTAssertTrue(plan.following.isEmpty, "a roll's frames are planned one a vblank")
    }

    func testHoverHoldsThePageAndNextRollsAtOnce() throws {
        var player = rollingPlayer(["Alpha", "Beta", "Gamma"])
        _ = player.handle(.enter(x: 10), at: 101)
        XCTAssertNil(player.pages.nextSwitch, "held under the pointer")
        XCTAssertTrue(player.pages.showsPages, "no crawl under the pointer")
        XCTAssertFalse(player.isPausedByUser)
        _ = player.handle(.leave, at: 105)
        XCTAssertNotNil(player.pages.nextSwitch)
        player.perform(.next, at: 106)
        settle(&player, at: 106)
        XCTAssertEqual(player.messageOnScreen, "Beta")
        XCTAssertNotNil(player.frame(at: 106.1)?.roll, "next rolls")
        player.pause(at: 107)
        XCTAssertNil(player.pages.nextSwitch)
        player.resume(at: 108)
        XCTAssertTrue(player.pages.showsPages, "resume lets the board go on, not crawl")
        XCTAssertNotNil(player.pages.nextSwitch)
    }

    func testReducedMotionKeepsThePagesWithoutTheRoll() throws {
        var player = rollingPlayer(["Alpha", "Beta"])
        player.setReducedMotion(true, at: 100)
        settle(&player, at: 100)
        XCTAssertTrue(player.pages.showsPages)
        XCTAssertFalse(player.pages.rolls)
        let wake = try XCTUnwrap(player.pages.nextSwitch)
        player.pageTimeUp(at: wake)
        settle(&player, at: wake)
        XCTAssertEqual(player.messageOnScreen, "Beta")
        XCTAssertEqual(player.demand(at: wake), .none, "the page changes without motion")
        player.setReducedMotion(false, at: wake + 1)
        XCTAssertTrue(player.pages.rolls && player.pages.showsPages)
    }

    func testWholePixelsOnlyWithoutSubpixelMotion() {
        let roll = PageRoll(start: 10, height: Self.height)
        for frame in 0...28 {
            let time = 10 + Double(frame) * Self.period
            let offset = roll.offset(at: time, subpixel: false)
            XCTAssertEqual(offset % SubpixelGrid.steps, 0, "whole pixels")
            XCTAssertLessThanOrEqual(abs(Double(offset) - Double(roll.offset(at: time))), Double(SubpixelGrid.steps) / 2 + 1e-9)
        }
        XCTAssertEqual(roll.offset(at: roll.end, subpixel: false), Self.height * SubpixelGrid.steps)
    }

    func testAnUrgentMessageRollsInAndStandsItsReadingTime() throws {
        var player = rollingPlayer(["Alpha", "Beta"])
        player.announce("Breaking", at: 101)
        settle(&player, at: 101)
        XCTAssertEqual(player.messageOnScreen, "Breaking")
        XCTAssertNotNil(player.frame(at: 101.2)?.roll, "it rolls in")
        let wake = try XCTUnwrap(player.pages.nextSwitch)
        XCTAssertEqual(wake - (101 + PageRoll.duration), MessagePager.readingTime(characters: 8), accuracy: 1e-9)
    }
}
