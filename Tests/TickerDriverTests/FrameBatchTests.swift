import MarqueeCore
import TickerDriver
import XCTest

/// A display that queues frames ahead gets batches while the motion is steady, and a change
/// replaces what is queued from the next vblank on.
final class FrameBatchTests: XCTestCase {
    private func steadyRig() throws -> DriverRig {
        let rig = try DriverRig(speed: 120, queueing: true)
        rig.runFrames(4)
        return rig
    }

    func testASteadyMotionIsHandedInBatches() throws {
        let rig = try steadyRig()
        XCTAssertEqual(try XCTUnwrap(rig.lastFrame).frameCount, 12)
        let plan = try XCTUnwrap(rig.lastFrame).plan
        XCTAssertEqual(plan.following.map(\.position), (1...11).map { plan.position + 2 * $0 })
    }

    func testADisplayWithoutAQueueGetsOneFrameAtATime() throws {
        let rig = try DriverRig(speed: 120)
        rig.runFrames(20)
        XCTAssertEqual(Set(rig.backend.frames.map(\.frameCount)), [1])
    }

    func testABatchCountsAsItsFrames() throws {
        let rig = try steadyRig()
        let shown = rig.ticker.statistics.shown
        rig.vblank()
        XCTAssertEqual(rig.ticker.statistics.shown, shown + 12 - 11, "the new batch replaces the 11 frames still queued")
    }

    func testAPressReplacesTheQueuedFramesFromTheNextVblank() throws {
        let rig = try steadyRig()
        let batch = try XCTUnwrap(rig.lastFrame)
        let pressedAt = batch.frame!.time + 2.5 * DriverRig.period
        rig.clock.advance(to: pressedAt)
        rig.input(.press(x: 40))
        let replan = try XCTUnwrap(rig.lastFrame)
        XCTAssertEqual(replan.frame?.counter, batch.frame!.counter + 3, "the next vblank after the press")
        XCTAssertEqual(replan.frameCount, 1, "a drag is planned frame by frame")
        XCTAssertEqual(replan.position, batch.plan.following[2].position, "held where that vblank's frame was, no step back")
    }

    /// The hold reaches the screen as the frame of the next vblank, never copied in at once: drawn
    /// now, it would show before the frame still queued for that vblank, which would step back from it.
    func testAPressOverQueuedFramesDrawsNothingAtOnce() throws {
        let rig = try steadyRig()
        let batch = try XCTUnwrap(rig.lastFrame)
        let stills = rig.backend.stills.count
        rig.clock.advance(to: batch.frame!.time + 0.3 * DriverRig.period)
        rig.input(.press(x: 40))
        XCTAssertEqual(rig.backend.stills.count, stills, "nothing drawn outside the frames")
        XCTAssertEqual(try XCTUnwrap(rig.lastFrame).frame?.counter, batch.frame!.counter + 1, "the hold as the next vblank's frame")
    }

    func testANewSpeedReplacesTheQueuedFrames() throws {
        let rig = try steadyRig()
        let batch = try XCTUnwrap(rig.lastFrame)
        rig.clock.advance(to: batch.frame!.time + 0.5 * DriverRig.period)
        rig.ticker.changeSpeed(to: 240)
        XCTAssertEqual(try XCTUnwrap(rig.lastFrame).frame?.counter, batch.frame!.counter + 1)
    }

    func testANewLookRepaintsTheQueuedFrames() throws {
        let rig = try steadyRig()
        let handed = rig.backend.frames.count
        rig.ticker.setLook(TickerLook(foreground: RGBAColor(hex: "#ff0000")!, background: RGBAColor(hex: "#000000")!))
        XCTAssertEqual(rig.backend.looks.count, 1)
        XCTAssertEqual(rig.backend.frames.count, handed + 1, "the frames ahead planned again in the new look")
    }

    func testStoppingShowsWhereTheTextStandsAtTheNextVblank() throws {
        let rig = try steadyRig()
        let batch = try XCTUnwrap(rig.lastFrame)
        rig.clock.advance(to: batch.frame!.time + 4.2 * DriverRig.period)
        rig.ticker.setSpeed(0, direction: .left)
        let standing = try XCTUnwrap(rig.lastFrame)
        XCTAssertEqual(standing.frame?.counter, batch.frame!.counter + 5)
        XCTAssertEqual(standing.frameCount, 1)
        rig.runFrames(40)
        XCTAssertFalse(rig.backend.framesWanted, "frames stop once the program has settled")
        XCTAssertEqual(Set(rig.backend.frames.suffix(5).map(\.position)), [standing.position], "it stands where it stopped")
    }

    /// A fifo (Wayland): queued commits cannot be taken back. A change plans nothing at once; the
    /// next batch, after the queue, follows it, with no step back.
    func testAQueueThatCannotBeReplacedIsFollowedNotReplanned() throws {
        let rig = try DriverRig(speed: 120, queueing: true, replacesQueued: false)
        rig.runFrames(4)
        let batch = try XCTUnwrap(rig.lastFrame)
        let handed = rig.backend.frames.count
        rig.clock.advance(to: batch.frame!.time + 2.5 * DriverRig.period)
        rig.ticker.changeSpeed(to: 240)
        XCTAssertEqual(rig.backend.frames.count, handed, "nothing planned while the queue runs")
        // The display's next frame is the vblank after its queue.
        rig.vblank(skipping: 11)
        let next = try XCTUnwrap(rig.lastFrame)
        XCTAssertEqual(next.frame?.counter, batch.frame!.counter + 12)
        XCTAssertGreaterThan(next.position, batch.plan.following.last!.position, "on from where the queue ends")
    }

    /// A fifo shown late (the compositor missed a refresh): the batch after the queue comes a
    /// vblank later than planned, and the text goes on from the queue's last frame by one step.
    func testAQueueShownLateIsFollowedWithoutAJump() throws {
        let rig = try DriverRig(speed: 120, queueing: true, replacesQueued: false)
        rig.runFrames(4)
        let batch = try XCTUnwrap(rig.lastFrame)
        rig.vblank(skipping: 12)
        let next = try XCTUnwrap(rig.lastFrame)
        XCTAssertEqual(next.frame?.counter, batch.frame!.counter + 13)
        XCTAssertEqual(next.position, batch.plan.following.last!.position + 2, "one step on, not two")
        XCTAssertEqual(rig.ticker.statistics.missed, 1, "still counted")
    }

    /// A fifo that falls behind for good (each batch of 12 shown over 18 refreshes): the text
    /// keeps its speed, catching up by time once the allowance is spent.
    func testAQueueThatFallsBehindForGoodKeepsTheSpeed() throws {
        let rig = try DriverRig(speed: 120, queueing: true, replacesQueued: false)
        rig.runFrames(4)
        let first = try XCTUnwrap(rig.lastFrame)
        for _ in 0..<40 { rig.vblank(skipping: 17) }
        let last = try XCTUnwrap(rig.lastFrame)
        let elapsed = try XCTUnwrap(last.frame).time - first.frame!.time
        let moved = Double(last.position - first.position)
        XCTAssertGreaterThan(moved, 2 * 12 * 40 + 40, "more than a step a frame: caught up by time")
        XCTAssertEqual(moved, 120 * elapsed, accuracy: 120 * (SlipAllowance.capacity + elapsed * SlipAllowance.share) + 2,
                       "behind the clock by no more than the allowance")
    }

    func testNothingIsReplannedWhenNothingIsQueued() throws {
        let rig = try DriverRig(speed: 0, queueing: true)
        let handed = rig.backend.frames.count
        rig.ticker.setLook(TickerLook(foreground: RGBAColor(hex: "#00ff00")!, background: RGBAColor(hex: "#000000")!))
        XCTAssertEqual(rig.backend.frames.count, handed)
    }
}
