import MarqueeCore
import TickerDriver
import XCTest

/// Nothing wakes when nothing moves; rests and pages wake by alarms at their time.
final class IdleAndTimerTests: XCTestCase {
    func testStandingTextIsDrawnOnceWithNoFramesAndNoAlarms() throws {
        let rig = try DriverRig(speed: 0)
        XCTAssertFalse(rig.backend.framesWanted)
        XCTAssertTrue(rig.backend.frames.isEmpty)
        let text = try XCTUnwrap(rig.backend.stills.last?.plan.strip?.segments.first?.content.layout)
        XCTAssertEqual(text.messageCount, 1, "the text drawn where it stands")
        let stills = rig.backend.stills.count
        rig.wait(until: rig.clock.now + 60)
        XCTAssertEqual(rig.backend.stills.count, stills, "drawn once")
        XCTAssertEqual(rig.clock.armedTimes, [])
    }

    func testHidingStopsFramesAndShowingStartsThem() throws {
        let rig = try DriverRig(speed: 120)
        rig.runFrames(3)
        rig.say(.mapped(false))
        XCTAssertFalse(rig.backend.framesWanted)
        XCTAssertEqual(rig.clock.armedTimes, [])
        XCTAssertFalse(rig.ticker.isShowing)
        rig.say(.mapped(true))
        XCTAssertTrue(rig.backend.framesWanted)
    }

    func testACoveredWindowStopsFramesAndResumesWhereItLeftOff() throws {
        let rig = try DriverRig(speed: 120)
        rig.runFrames(10)
        let before = try XCTUnwrap(rig.lastFrame).position
        rig.say(.obscured(true))
        XCTAssertFalse(rig.backend.framesWanted)
        rig.wait(until: rig.clock.now + 5)
        rig.say(.obscured(false))
        rig.runFrames(1)
        XCTAssertLessThanOrEqual(try XCTUnwrap(rig.lastFrame).position - before, 6, "the hidden time is not scrolled past")
    }

    func testExposureRedrawsWhatStands() throws {
        let rig = try DriverRig(speed: 0)
        let stills = rig.backend.stills.count
        rig.say(.damaged)
        XCTAssertEqual(rig.backend.stills.count, stills + 1)
    }

    func testNothingIsDrawnWhileHidden() throws {
        let rig = try DriverRig(speed: 0, mapped: false)
        rig.say(.damaged)
        XCTAssertTrue(rig.backend.shown.isEmpty)
    }

    func testARestAtTheStartSleepsUntilItsEnd() throws {
        var motion = MotionSettings()
        motion.pauseAtStart = 2
        let rig = try DriverRig(speed: 120, motion: motion)
        XCTAssertFalse(rig.backend.framesWanted, "resting: no frames")
        let wake = try XCTUnwrap(rig.clock.armedTimes.first)
        XCTAssertEqual(wake, DriverRig.start + 2, accuracy: 0.05)
        rig.wait(until: wake)
        XCTAssertTrue(rig.backend.framesWanted, "the alarm ends the rest")
    }

    func testReducedMotionShowsPagesWithAnAlarmPerPage() throws {
        let rig = try DriverRig(["First headline", "Second headline"], speed: 120)
        rig.ticker.setReducedMotion(true)
        rig.turn()
        XCTAssertFalse(rig.backend.framesWanted, "pages stand still")
        XCTAssertEqual(rig.ticker.messageOnScreen, "First headline")
        let switchAt = try XCTUnwrap(rig.clock.armedTimes.first)
        XCTAssertGreaterThan(switchAt, rig.clock.now)
        rig.wait(until: switchAt)
        XCTAssertEqual(rig.ticker.messageOnScreen, "Second headline")
        XCTAssertFalse(rig.backend.framesWanted)
    }

    func testAPageIsCutToTheWidthTheDisplayGives() throws {
        let long = "This headline is far too long for a window of three hundred pixels and goes on"
        let rig = try DriverRig([long], speed: 120)
        rig.ticker.setReducedMotion(true)
        rig.turn()
        let page = try XCTUnwrap(rig.backend.stills.last?.plan.strip?.segments.first?.content.layout)
        XCTAssertLessThanOrEqual(page.messageEnds[0], 300, "ellipsized at the window's width")
        rig.say(.resized(width: 500))
        rig.turn()
        let wider = try XCTUnwrap(rig.backend.stills.last?.plan.strip?.segments.first?.content.layout)
        XCTAssertGreaterThan(wider.messageEnds[0], 300, "a wider window shows more of it")
        XCTAssertLessThanOrEqual(wider.messageEnds[0], 500)
    }

    func testTurningReducedMotionOffScrollsAgain() throws {
        let rig = try DriverRig(["First headline", "Second headline"], speed: 120)
        rig.ticker.setReducedMotion(true)
        rig.ticker.setReducedMotion(false)
        XCTAssertTrue(rig.backend.framesWanted)
        XCTAssertEqual(rig.clock.armedTimes, [], "no page alarm while scrolling")
    }

    func testTheLoopSleepsWithoutATimeoutWhenIdle() throws {
        let rig = try DriverRig(speed: 0)
        XCTAssertEqual(rig.turn(), -1)
    }
}
