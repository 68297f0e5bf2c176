import MarqueeCore
import TickerDriver
import XCTest

/// `--mode roll` through the driver, over a fake display and clock: nothing wakes while a page
/// stands but the one alarm at its switch; the roll is a frame every vblank, handed one at a time
/// even where the display queues frames ahead, and then nothing again.
final class RollDriverTests: XCTestCase {
    private func rollingRig(queueing: Bool) throws -> DriverRig {
        var motion = MotionSettings()
        motion.mode = .roll
        let rig = try DriverRig([Message("First headline"), Message("Second one")], queueing: queueing, motion: motion)
        rig.say(.resized(width: 300, height: 30))
        rig.ticker.setReducedMotion(false)
        rig.turn()
        return rig
    }

    func testAStandingPageWakesOnlyAtItsSwitchAndTheRollIsAFrameAVblank() throws {
        for queueing in [false, true] {
            let rig = try rollingRig(queueing: queueing)
            XCTAssertFalse(rig.backend.framesWanted, "a page stands: no frames")
            XCTAssertEqual(rig.clock.armedTimes.count, 1, "one alarm: the page's switch")
            let switchAt = try XCTUnwrap(rig.clock.armedTimes.first)
            XCTAssertEqual(switchAt - DriverRig.start, MessagePager.readingTime(characters: 14), accuracy: 0.01)
            rig.wait(until: switchAt)
            XCTAssertTrue(rig.backend.framesWanted, "the roll moves")
            XCTAssertEqual(rig.ticker.messageOnScreen, "Second one")
            let before = rig.backend.frames.count
            // The display's next vblank after the switch (none came while the page stood).
            let next = UInt64(((rig.clock.now - DriverRig.start) / DriverRig.period).rounded(.up))
            rig.vblank(skipping: next > rig.counter ? next - rig.counter - 1 : 0)
            var vblanks = 1
            while rig.backend.framesWanted && vblanks < 100 {
                rig.vblank()
                vblanks += 1
            }
            let rolled = rig.backend.frames[before...]
            let moving = rolled.filter { $0.plan.roll != nil }
            XCTAssertGreaterThanOrEqual(moving.count, 25, "about every vblank of 0.45 s")
            XCTAssertTrue(rolled.allSatisfy { $0.plan.frameCount == 1 }, "handed one at a time (queueing: \(queueing))")
            XCTAssertNil(rolled.last?.plan.roll, "the last frame shows the page standing")
            let first = try XCTUnwrap(moving.first?.frame?.time), standing = try XCTUnwrap(rolled.last?.frame?.time)
            XCTAssertLessThanOrEqual(standing - first, 0.5)
            XCTAssertFalse(rig.backend.framesWanted, "standing again: no frames")
            let nextSwitch = try XCTUnwrap(rig.clock.armedTimes.first)
            XCTAssertEqual(nextSwitch - (switchAt + PageRoll.duration), MessagePager.readingTime(characters: 10), accuracy: 0.02,
                           "the next switch after the reading time from the roll's end")
        }
    }
}
