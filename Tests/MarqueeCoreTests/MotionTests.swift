import XCTest
@testable import MarqueeCore

final class MotionTests: XCTestCase {
    func testPositionIsVelocityTimesElapsedTime() {
        let motion = MotionDirector(program: .continuous(origin: 5, velocity: 120), at: 10)
        XCTAssertEqual(motion.position(at: 10), 5)
        XCTAssertEqual(motion.position(at: 12.5), 305, accuracy: 1e-9)
        XCTAssertEqual(motion.pixel(at: 10.004), 5, "0.48 px has not reached the next pixel")
    }

    func testALateFrameLandsWhereTheTextShouldBeNow() {
        let motion = MotionDirector(program: .continuous(origin: 0, velocity: 120), at: 0)
        // Frames at 60 Hz, one dropped: the position still follows the clock, not a frame count.
        let period = 1.0 / 60
        XCTAssertEqual(motion.pixel(at: 3 * period), 6)
        XCTAssertEqual(motion.pixel(at: 5 * period), 10)
    }

    func testVelocityChangesKeepThePositionContinuous() {
        var motion = MotionDirector(program: .continuous(origin: 0, velocity: 100), at: 0)
        motion.setProgram(.continuous(origin: 0, velocity: -50), at: 2)
        XCTAssertEqual(motion.position(at: 2), 200, accuracy: 1e-9)
        XCTAssertEqual(motion.position(at: 4), 100, accuracy: 1e-9)
        motion.setProgram(.still(position: 0), at: 4)
        XCTAssertTrue(motion.isStill(at: 4))
        XCTAssertEqual(motion.position(at: 100), 100, accuracy: 1e-9)
    }

    func testIntegralStepsAreExactOverLongRuns() {
        let period = 1.0 / 60
        let speed = FrameStep.effectiveSpeed(120, period: period)
        let clock = FrameClock(period: period, referenceCounter: 1_000_000, referenceTime: 12_345.678)
        let motion = MotionDirector(program: .continuous(origin: 0, velocity: speed), at: clock.time(ofCounter: 1_000_000))
        var previous = motion.pixel(at: clock.time(ofCounter: 1_000_000))
        for counter in 1_000_001...1_216_000 { // an hour of frames
            let pixel = motion.pixel(at: clock.time(ofCounter: UInt64(counter)))
            XCTAssertEqual(pixel - previous, 2)
            previous = pixel
        }
        XCTAssertEqual(previous, 2 * 216_000)
    }

    func testNearIntegralStepsSnapAndOthersStayExact() {
        let ntsc = 1.0 / 59.94
        XCTAssertEqual(FrameStep.effectiveSpeed(120, period: ntsc) * ntsc, 2, accuracy: 1e-12)
        XCTAssertEqual(FrameStep.effectiveSpeed(-120, period: ntsc) * ntsc, -2, accuracy: 1e-12)
        XCTAssertEqual(FrameStep.effectiveSpeed(90, period: 1.0 / 60), 90, "1.5 px per frame stays 1.5")
        XCTAssertEqual(FrameStep.effectiveSpeed(20, period: 1.0 / 60), 20, "a third of a pixel stays")
        XCTAssertEqual(FrameStep.effectiveSpeed(0, period: 1.0 / 60), 0)
    }

    func testFractionalStepsAreSpreadEvenly() {
        // 90 px/s at 60 Hz = 1.5 px per frame: steps alternate 1 and 2, never 0 or 3.
        let period = 1.0 / 60
        let clock = FrameClock(period: period, referenceCounter: 0, referenceTime: 0)
        let motion = MotionDirector(program: .continuous(origin: 0, velocity: 90), at: 0)
        var steps: [Int] = []
        var previous = 0
        for counter in 1...600 {
            let pixel = motion.pixel(at: clock.time(ofCounter: UInt64(counter)))
            steps.append(pixel - previous)
            previous = pixel
        }
        XCTAssertEqual(Set(steps), [1, 2])
        XCTAssertEqual(steps.reduce(0, +), 900)
        for pair in stride(from: 0, to: steps.count, by: 2) { XCTAssertEqual(steps[pair] + steps[pair + 1], 3) }
    }

    func testFrameClockAdoptsAPeriodWithoutMovingTheCurrentFrame() {
        var clock = FrameClock(period: 1.0 / 60, referenceCounter: 100, referenceTime: 50)
        let before = clock.time(ofCounter: 700)
        clock.adopt(period: 1.0 / 59.94, keeping: 700)
        XCTAssertEqual(clock.time(ofCounter: 700), before, accuracy: 1e-12)
        XCTAssertEqual(clock.time(ofCounter: 701) - before, 1.0 / 59.94, accuracy: 1e-12)
        XCTAssertEqual(clock.counter(near: before + 0.4 / 59.94), 700)
        XCTAssertEqual(clock.counter(near: clock.time(ofCounter: 650)), 650)
    }
}
