import MarqueeCore
import TickerDriver
import XCTest

/// Frames asked for, planned from the vblank's time, and planned again after a change.
final class FramePlanningTests: XCTestCase {
    func testFramesStartOnceTheSurfaceIsShownWithText() throws {
        let hidden = try DriverRig(mapped: false)
        XCTAssertFalse(hidden.backend.framesWanted, "nothing is shown: no frames")
        hidden.say(.mapped(true))
        XCTAssertTrue(hidden.backend.framesWanted)
    }

    func testNoFramesWithoutText() throws {
        let rig = try DriverRig([])
        XCTAssertFalse(rig.backend.framesWanted)
        XCTAssertTrue(rig.backend.frames.isEmpty)
    }

    func testEachFrameIsPlannedForItsVblank() throws {
        let rig = try DriverRig(speed: 120)
        rig.runFrames(30)
        let frames = rig.backend.frames
        XCTAssertEqual(frames.count, 30)
        for (earlier, later) in zip(frames, frames.dropFirst()) {
            XCTAssertEqual(later.frame!.counter, earlier.frame!.counter + 1, "one frame a vblank")
        }
        // 120 px/s at 60 Hz: two pixels a vblank, whole pixels, phase 0.
        let steps = zip(frames, frames.dropFirst()).map { $1.position - $0.position }
        XCTAssertEqual(Set(steps.dropFirst(2)), [2], "\(steps)")
        XCTAssertEqual(Set(frames.map(\.plan.phase)), [0])
    }

    func testSubpixelSpeedsMoveByPhases() throws {
        let rig = try DriverRig(speed: 45)
        rig.runFrames(40)
        let exact = rig.backend.frames.map { Double($0.position) + Double($0.plan.phase) / Double(SubpixelGrid.steps) }
        let steps = zip(exact, exact.dropFirst()).map { $1 - $0 }.dropFirst(2)
        XCTAssertEqual(steps.reduce(0, +) / Double(steps.count), 45.0 / 60, accuracy: 0.01)
        XCTAssertGreaterThan(Set(rig.backend.frames.map(\.plan.phase)).count, 1, "sub-pixel phases in use")
    }

    func testALateFrameKeepsTheSpeedAndIsCounted() throws {
        let rig = try DriverRig(speed: 120)
        rig.runFrames(10)
        let before = try XCTUnwrap(rig.lastFrame).position
        rig.vblank(skipping: 2)
        XCTAssertEqual(try XCTUnwrap(rig.lastFrame).position - before, 6, "three vblanks' motion: time, not ticks")
        XCTAssertEqual(rig.ticker.statistics.missed, 2)
        XCTAssertEqual(rig.ticker.statistics.late, [0, 1, 0])
    }

    func testAPressHoldsTheTextWithNoStepBack() throws {
        let rig = try DriverRig(speed: 120)
        rig.runFrames(20)
        let held = try XCTUnwrap(rig.lastFrame).position
        let shownBefore = rig.backend.frames.count
        rig.input(.press(x: 50))
        rig.runFrames(5)
        let after = rig.backend.frames.dropFirst(shownBefore).map(\.position)
        XCTAssertFalse(after.isEmpty, "a frame shows where the press held it")
        XCTAssertTrue(after.allSatisfy { $0 >= held && $0 <= held + 2 }, "held near \(held): \(after)")
        XCTAssertLessThanOrEqual(Set(after).count, 1, "it stands while pressed: \(after)")
        XCTAssertFalse(rig.backend.framesWanted, "and with the pointer standing, frames stop")
        rig.input(.move(x: 40))
        XCTAssertTrue(rig.backend.framesWanted, "the pointer moved: a frame shows the text where it went")
        rig.runFrames(3)
        XCTAssertEqual(rig.lastFrame?.position, after.last.map { $0 + 10 }, "10 px on with the pointer")
        XCTAssertFalse(rig.backend.framesWanted)
    }

    func testNewMessagesWhileScrollingDoNotJump() throws {
        let rig = try DriverRig(speed: 120)
        rig.runFrames(20)
        let before = try XCTUnwrap(rig.lastFrame).position
        rig.ticker.setMessages(["Rain expected tomorrow", "Markets rally as tech stocks climb"])
        rig.runFrames(1)
        XCTAssertEqual(try XCTUnwrap(rig.lastFrame).position, before + 2, "the next step, not a jump")
    }

    func testAPauseStopsFramesAndAResumeStartsThem() throws {
        let rig = try DriverRig(speed: 120)
        rig.runFrames(5)
        rig.ticker.pause()
        rig.runFrames(40)
        XCTAssertFalse(rig.backend.framesWanted, "paused: no frames once the ease is over")
        let stopped = rig.backend.frames.count
        rig.vblank()
        XCTAssertEqual(rig.backend.frames.count, stopped, "a frame event after stopping draws nothing new")
        rig.ticker.resume()
        XCTAssertTrue(rig.backend.framesWanted)
    }

    func testAResizeRedrawsAtOnceAtTheNewWidth() throws {
        let rig = try DriverRig(speed: 120)
        rig.runFrames(3)
        rig.say(.resized(width: 500))
        let still = try XCTUnwrap(rig.backend.stills.last)
        XCTAssertEqual(still.plan.width, 500, "drawn at once, not at the next frame")
        rig.runFrames(1)
        XCTAssertEqual(rig.lastFrame?.plan.width, 500)
    }

    func testAFrameTheDisplayCannotTakeIsNotCounted() throws {
        let rig = try DriverRig(speed: 120)
        rig.runFrames(3)
        rig.backend.acceptsFrames = false
        rig.vblank()
        XCTAssertEqual(rig.ticker.statistics.shown, 3)
        rig.backend.acceptsFrames = true
        rig.vblank()
        XCTAssertEqual(rig.ticker.statistics.shown, 4)
    }

    func testTheRefreshPeriodFollowsTheFrames() throws {
        let rig = try DriverRig(speed: 120)
        rig.say(.frame(FrameTime(counter: 1, time: DriverRig.start + 0.01, period: 1.0 / 144)))
        XCTAssertEqual(rig.ticker.refreshPeriod, 1.0 / 144, accuracy: 1e-12)
        XCTAssertEqual(rig.ticker.player.motion.refreshPeriod, 1.0 / 144, accuracy: 1e-12)
    }
}
