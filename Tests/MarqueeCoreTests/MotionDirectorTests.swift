import XCTest
@testable import MarqueeCore

final class MotionDirectorTests: XCTestCase {
    private func velocity(_ director: MotionDirector, at time: Double) -> Double {
        (director.position(at: time + 0.0005) - director.position(at: time - 0.0005)) / 0.001
    }

    /// Continuity: no jump in position across a change made at `time`.
    private func assertContinuous(_ before: MotionDirector, _ after: MotionDirector, at time: Double,
                                  file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(before.position(at: time), after.position(at: time), accuracy: 1e-6, file: file, line: line)
    }

    func testTheLoopRunsAtItsSpeed() {
        let director = MotionDirector(program: .continuous(origin: 10, velocity: 120), at: 5)
        XCTAssertEqual(director.position(at: 5), 10)
        XCTAssertEqual(director.position(at: 7.5), 310, accuracy: 1e-9)
        XCTAssertFalse(director.isStill(at: 7.5))
    }

    func testPauseAndResumeEaseWithoutJumps() {
        var director = MotionDirector(program: .continuous(origin: 0, velocity: 120), at: 0)
        let before = director
        director.pause(.hover, at: 1)
        assertContinuous(before, director, at: 1)
        XCTAssertEqual(velocity(director, at: 1.001), 120, accuracy: 1)
        let midway = velocity(director, at: 1 + MotionDirector.pauseEasing / 2)
        XCTAssertTrue(midway > 10 && midway < 110, "eased, not stopped at once: \(midway)")
        XCTAssertEqual(velocity(director, at: 2), 0, accuracy: 1e-6)
        XCTAssertTrue(director.isStill(at: 2))
        let resting = director.position(at: 2)
        XCTAssertEqual(director.position(at: 60), resting, "paused means paused")
        let paused = director
        director.resume(.hover, at: 3)
        assertContinuous(paused, director, at: 3)
        XCTAssertEqual(velocity(director, at: 4), 120, accuracy: 1e-6)
    }

    func testEveryPauseReasonMustBeGoneToRun() {
        var director = MotionDirector(program: .continuous(origin: 0, velocity: 100), at: 0)
        director.pause(.hover, at: 0)
        director.pause(.user, at: 0)
        director.resume(.hover, at: 1)
        XCTAssertTrue(director.isStill(at: 2))
        director.togglePause(at: 2)
        XCTAssertFalse(director.isPaused)
        XCTAssertEqual(velocity(director, at: 3), 100, accuracy: 1e-6)
    }

    func testDragFollowsThePointerExactlyBothWays() {
        var director = MotionDirector(program: .continuous(origin: 0, velocity: 120), at: 0)
        let atPress = director.position(at: 1)
        director.beginDrag(pointer: 300, at: 1)
        XCTAssertEqual(director.position(at: 1), atPress, accuracy: 1e-9)
        director.dragTo(pointer: 350, at: 1.2)
        XCTAssertEqual(director.position(at: 1.3), atPress - 50, accuracy: 1e-9, "pointer right, text right")
        director.dragTo(pointer: 220, at: 1.5)
        XCTAssertEqual(director.position(at: 2.5), atPress + 80, accuracy: 1e-9, "pointer left, text left; still while held")
    }

    func testReleaseKeepsTheFlickVelocityAndEasesBackToSpeed() {
        var director = MotionDirector(program: .continuous(origin: 0, velocity: 120), at: 0)
        director.beginDrag(pointer: 500, at: 1)
        // A quick flick to the right: 600 px/s of pointer motion.
        for step in 1...10 { director.dragTo(pointer: 500 + Double(step) * 6, at: 1 + Double(step) * 0.01) }
        let held = director
        XCTAssertTrue(director.endDrag(at: 1.1))
        assertContinuous(held, director, at: 1.1)
        XCTAssertEqual(velocity(director, at: 1.101), -600, accuracy: 15, "keeps the release velocity")
        XCTAssertEqual(velocity(director, at: 1.1 + MotionDirector.releaseEasing + 0.01), 120, accuracy: 1e-6,
                       "back to its own speed and direction within about a second")
        // Smooth: no sudden velocity changes on the way.
        var previous = velocity(director, at: 1.101)
        for index in 1...100 {
            let current = velocity(director, at: 1.101 + Double(index) * 0.01)
            XCTAssertLessThan(abs(current - previous), 30)
            previous = current
        }
    }

    func testAClickIsNotADrag() {
        var director = MotionDirector(program: .continuous(origin: 0, velocity: 120), at: 0)
        director.beginDrag(pointer: 100, at: 1)
        director.dragTo(pointer: 101, at: 1.05)
        XCTAssertFalse(director.endDrag(at: 1.1))
        XCTAssertEqual(velocity(director, at: 2), 120, accuracy: 1e-6)
    }

    func testScrubsEaseInAndAddUp() {
        var director = MotionDirector(program: .continuous(origin: 0, velocity: 0), at: 0)
        XCTAssertTrue(director.isStill(at: 0))
        director.scrub(by: 40, at: 1)
        XCTAssertFalse(director.isStill(at: 1.05))
        let halfway = director.position(at: 1 + MotionDirector.scrubEasing / 2)
        XCTAssertEqual(halfway, 20, accuracy: 1e-9)
        director.scrub(by: -10, at: 1.1)
        director.scrub(by: 5, at: 2)
        XCTAssertEqual(director.position(at: 3), 35, accuracy: 1e-9)
        XCTAssertTrue(director.isStill(at: 3))
    }

    func testSpeedChangesEaseAndKeepPosition() {
        var director = MotionDirector(program: .continuous(origin: 0, velocity: 100), at: 0)
        let before = director
        director.setRunningRate(2, at: 1)
        assertContinuous(before, director, at: 1)
        XCTAssertEqual(velocity(director, at: 1 + MotionDirector.speedEasing + 0.01), 200, accuracy: 1e-6)
    }

    func testReplacingTheProgramKeepsThePosition() {
        var director = MotionDirector(program: .continuous(origin: 0, velocity: 100), at: 0)
        director.scrub(by: 7, at: 0.5)
        let before = director
        director.setProgram(.continuous(origin: 0, velocity: 60), at: 2)
        assertContinuous(before, director, at: 2)
        XCTAssertEqual(velocity(director, at: 3), 60, accuracy: 1e-6)
    }

    func testPauseAtStartStandsAtEachCycleStart() {
        let program = ScrollProgram.pausingAtStart(origin: 0, velocity: 100, cycle: 500, pause: 2)
        XCTAssertEqual(program.position(at: 1), 0)
        XCTAssertEqual(program.position(at: 4), 200)
        XCTAssertEqual(program.position(at: 7.5), 500, "resting at the next start")
        XCTAssertEqual(program.position(at: 8.5), 500)
        XCTAssertEqual(program.position(at: 9.5), 550)
        XCTAssertEqual(program.restEnd(after: 7.5), 9)
        XCTAssertNil(program.restEnd(after: 9.5))
        let leftward = ScrollProgram.pausingAtStart(origin: 0, velocity: -100, cycle: 500, pause: 2)
        XCTAssertEqual(leftward.position(at: 4), -200)
    }

    func testBounceRestsAtBothEnds() {
        let program = ScrollProgram.bounce(low: 0, high: 300, speed: 100, pause: 1)
        XCTAssertEqual(program.position(at: 0.5), 0)
        XCTAssertEqual(program.position(at: 2), 100)
        XCTAssertEqual(program.position(at: 4.5), 300)
        XCTAssertEqual(program.position(at: 6), 200)
        XCTAssertEqual(program.position(at: 8.2), 0)
        XCTAssertEqual(program.restEnd(after: 4.2), 5)
    }

    func testRestingInAProgramPauseLetsFramesStopUntilItEnds() {
        let director = MotionDirector(program: .pausingAtStart(origin: 0, velocity: 100, cycle: 500, pause: 2), at: 10)
        XCTAssertEqual(director.restEnd(after: 10.5), 12)
        XCTAssertNil(director.restEnd(after: 13))
    }

    func testSuspendingContinuesFromWhereTheTextStood() {
        var director = MotionDirector(program: .continuous(origin: 0, velocity: 100), at: 0)
        let shown = director.position(at: 2)
        director.suspend(for: 10)
        XCTAssertEqual(director.position(at: 12), shown, accuracy: 1e-9)
        XCTAssertEqual(director.position(at: 13), shown + 100, accuracy: 1e-9)
    }

    func testAFrameTimedJustBeforeAChangeStaysOnTheLine() {
        var director = MotionDirector(program: .continuous(origin: 0, velocity: 120), at: 0)
        let earlier = director.position(at: 0.99)
        director.setProgram(.continuous(origin: director.position(at: 1), velocity: 120), at: 1)
        XCTAssertEqual(director.position(at: 0.99), earlier, accuracy: 1e-9)
    }
}
