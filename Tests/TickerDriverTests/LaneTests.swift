import MarqueeCore
import TickerDriver
import XCTest

/// A bar of several lanes: every lane planned in the same frame, each at its own speed; a lane
/// that stands is not drawn again while another moves; input goes to the lane it names.
final class LaneTests: XCTestCase {
    func testEveryLaneIsPlannedInTheSameFrameAtItsOwnSpeed() throws {
        let rig = try DriverRig(laneSpeeds: [120, 60])
        rig.runFrames(20)
        let frames = rig.backend.shown.suffix(10).filter { $0.frame != nil }
        XCTAssertEqual(frames.count, 10)
        for shown in frames { XCTAssertEqual(shown.lanes.count, 2, "both lanes in one frame") }
        let steps = zip(frames, frames.dropFirst()).map { earlier, later in
            (0..<2).map { lane in later.lanes[lane]!.position - earlier.lanes[lane]!.position }
        }
        XCTAssertEqual(Set(steps.map { $0[0] }), [2], "120 px/s: two pixels a vblank")
        XCTAssertEqual(Set(steps.map { $0[1] }), [1], "60 px/s: one")
    }

    func testAStandingLaneIsNotDrawnWhileAnotherMoves() throws {
        let rig = try DriverRig(laneSpeeds: [120, 0])
        rig.runFrames(10)
        let frames = rig.backend.shown.suffix(5).filter { $0.frame != nil }
        XCTAssertFalse(frames.isEmpty)
        XCTAssertTrue(frames.allSatisfy { $0.lanes[0] != nil && $0.lanes[1] == nil }, "the standing lane is left as it is")
    }

    func testFramesStopOnlyWhenNoLaneMoves() throws {
        let rig = try DriverRig(laneSpeeds: [120, 60])
        rig.runFrames(5)
        rig.ticker.update(lane: 0) { player, now in player.pause(at: now) }
        rig.runFrames(90)
        XCTAssertTrue(rig.backend.framesWanted, "the second lane still moves")
        let last = try XCTUnwrap(rig.backend.shown.last)
        XCTAssertNil(last.lanes[0], "the paused lane, once eased to rest, is drawn no more")
        rig.ticker.update(lane: 1) { player, now in player.pause(at: now) }
        rig.runFrames(90)
        XCTAssertFalse(rig.backend.framesWanted, "no lane moves: no frames")
    }

    func testInputGoesToTheLaneItNames() throws {
        let rig = try DriverRig(laneSpeeds: [120, 120])
        rig.runFrames(5)
        rig.input(.press(x: 50), lane: 1)
        rig.runFrames(3)
        XCTAssertTrue(rig.ticker.player(ofLane: 1).motion.isDragging, "the pressed lane holds")
        XCTAssertFalse(rig.ticker.player(ofLane: 0).motion.isDragging)
        XCTAssertTrue(rig.backend.framesWanted, "the other lane goes on")
    }

    func testABatchIsAsLongAsTheShortestLanes() throws {
        let rig = try DriverRig(queueing: true, laneSpeeds: [120, 60])
        rig.runFrames(40)
        let batch = try XCTUnwrap(rig.backend.shown.last { $0.frame != nil })
        XCTAssertGreaterThan(batch.lanes[0]!.frameCount, 1, "steady lanes queue frames ahead")
        XCTAssertEqual(batch.lanes[0]!.frameCount, batch.lanes[1]!.frameCount, "as many for every lane")
        rig.ticker.update(lane: 1) { player, now in player.changeSpeed(to: 30, at: now) }
        let eased = try XCTUnwrap(rig.backend.shown.last { $0.frame != nil })
        XCTAssertEqual(eased.lanes[0]!.frameCount, 1, "a lane easing to a new speed is planned a frame at a time, and so is the batch")
    }

    func testAScreenReaderHearsEveryLane() throws {
        let rig = try DriverRig(laneSpeeds: [120, 60])
        rig.ticker.setLabel(LaneLabel(text: "MARKETS", foreground: RGBAColor(hex: "#ffffff")!, background: RGBAColor(hex: "#000000")!),
                            lane: 1)
        let name = try XCTUnwrap(rig.ticker.accessibleName)
        XCTAssertTrue(name.contains("; MARKETS: "), name)
    }
}
