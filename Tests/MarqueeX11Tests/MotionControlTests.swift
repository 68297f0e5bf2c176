import CX11
import Foundation
import MarqueeCore
import MarqueeIO
@testable import MarqueeX11
import XCTest

/// Modes, timing, fades and controls of the in-process ticker, checked from its frames and pixels.
final class MotionControlTests: XvfbTestCase, TickerRigTests {
    private func cycleWidth(_ rig: Rig, _ messages: [String]) -> CycleLayout {
        CycleLayoutBuilder.layout(messages: messages, separator: Self.separator, cache: ShapeCache(shaper: rig.font))
    }

    func testDurationMakesOnePassTakeExactlyThatLong() throws {
        var motion = MotionSettings()
        motion.duration = 4
        let messages = ["One pass of this text takes four seconds"]
        let rig = try makeRig(messages, motion: motion)
        let cycle = Double(cycleWidth(rig, messages).width)
        let frames = runFrames(rig, 90)
        let first = frames[5], last = frames[frames.count - 1]
        let expected = cycle / 4 * (last.time - first.time)
        XCTAssertEqual(Double(last.position - first.position), expected, accuracy: 1.01,
                       "the pass rate is cycle / duration, within a pixel")
    }

    func testPauseAtStartRestsWithoutFramesAtEachCycleStart() throws {
        var motion = MotionSettings()
        motion.pauseAtStart = 0.6
        let messages = ["Short"]
        let rig = try makeRig(messages, speed: 600, motion: motion)
        let cycle = cycleWidth(rig, messages).width
        let frames = run(rig, seconds: 2.5)
        XCTAssertGreaterThan(frames.count, 20)
        // Every rest happens at a cycle start, and no frame is drawn while resting.
        var rests = 0
        for (previous, current) in zip(frames, frames.dropFirst()) where current.time - previous.time > 0.3 {
            XCTAssertEqual(StripGeometry.floorMod(previous.position, cycle), 0, "rested at a cycle start")
            XCTAssertEqual(current.time - previous.time, 0.6, accuracy: 0.05)
            rests += 1
        }
        XCTAssertGreaterThanOrEqual(rests, 1)
    }

    func testOverflowStandsFittingTextStillCentredWithoutFrames() throws {
        var motion = MotionSettings()
        motion.mode = .overflow
        motion.alignment = .center
        let rig = try makeRig(["Fits"], motion: motion)
        let frames = run(rig, seconds: 0.8)
        XCTAssertTrue(frames.isEmpty, "no frames for text that fits")
        let pixels = try capture(rig)
        let ink = pixels.inkProfile(background: Self.background.rgb8)
        let inked = ink.indices.filter { ink[$0] > 0 }
        let centre = Double(inked.first! + inked.last!) / 2
        XCTAssertEqual(centre, Double(pixels.width) / 2, accuracy: 3, "centred")
        XCTAssertEqual(inked.count < 100, true, "shown once, no copies")
    }

    func testBounceRestsAtItsStartThenSlides() throws {
        var motion = MotionSettings()
        motion.mode = .bounce
        motion.pauseAtStart = 0.5
        let long = String(repeating: "A long headline that does not fit. ", count: 3)
        let rig = try makeRig([long], speed: 300, width: 400, motion: motion)
        let frames = run(rig, seconds: 2.0)
        let textWidth = cycleWidth(rig, [long]).width - cycleWidth(rig, [long]).separatorWidth
        XCTAssertGreaterThanOrEqual(frames.map(\.position).min() ?? -1, 0)
        XCTAssertLessThanOrEqual(frames.map(\.position).max() ?? .max, textWidth - 400, "never past the text's end")
        XCTAssertGreaterThan(frames.map(\.position).max() ?? 0, 200, "it slides")
    }

    func testABounceCarriesOnThroughAContentChange() throws {
        var motion = MotionSettings()
        motion.mode = .bounce
        motion.pauseAtStart = 0.2
        let text = { (n: Int) in String(repeating: "Status line \(n) that does not fit. ", count: 3) }
        let rig = try makeRig([text(1)], speed: 240, width: 400, motion: motion)
        let before = run(rig, seconds: 0.8)
        let reached = try XCTUnwrap(before.last?.position)
        XCTAssertGreaterThan(reached, 60, "it is sliding")
        rig.ticker.setMessages([text(2)])
        let after = run(rig, seconds: 0.3)
        let first = try XCTUnwrap(after.first?.position)
        // At 240 px/s a frame moves 4 px; the new text carries on from there instead of its start.
        XCTAssertLessThanOrEqual(abs(first - reached), 12, "the slide carries on (\(reached) → \(first))")
        XCTAssertGreaterThan(after.last!.position, first, "still heading the same way")
    }

    func testTextEnteringFromOffscreenStartsWithAnEmptyWindow() throws {
        var motion = MotionSettings()
        motion.start = .offscreen
        let rig = try makeRig(["Entering"], speed: 600, width: 600, motion: motion)
        let first = runFrames(rig, 2)
        XCTAssertLessThan(first[1].position, 40)
        // The capture shows the batch queued with the first frames run out: 0.2 s at 600 px/s.
        XCTAssertLessThan(first.last!.position, 160)
        let early = try capture(rig).inkProfile(background: Self.background.rgb8)
        XCTAssertTrue(early.prefix(400).allSatisfy { $0 == 0 }, "only the right edge can show text yet")
        runFrames(rig, 40)
        XCTAssertTrue(try capture(rig).inkProfile(background: Self.background.rgb8).prefix(300).contains { $0 > 0 })
    }

    func testFadeDarkensTheEdgesAndLeavesTheMiddleExact() throws {
        let messages = ["Faded edges keep the middle exact, Faded edges keep the middle exact"]
        let plain = try makeRig(messages, speed: 0)
        _ = run(plain, seconds: 0.3)
        let reference = try capture(plain)
        let faded = try makeRig(messages, speed: 0, fade: 60)
        _ = run(faded, seconds: 0.3)
        let pixels = try capture(faded)
        for x in 60..<(pixels.width - 60) { XCTAssertEqual(pixels.column(x), reference.column(x), "column \(x)") }
        let edge = pixels.inkProfile(background: Self.background.rgb8)
        let plainInk = reference.inkProfile(background: Self.background.rgb8)
        XCTAssertEqual(edge[0], 0, "the outermost column is the background")
        XCTAssertLessThan(edge[5...20].reduce(0, +), plainInk[5...20].reduce(0, +) / 2)
    }

    func testPauseAndResumeEaseWithoutJumps() throws {
        let rig = try makeRig(["Pause me gently"], speed: 240)
        runFrames(rig, 20)
        rig.ticker.pause()
        // Longer than the ease takes: frames stop by themselves once it ends, so a loaded machine
        // that runs the loop late still collects the ease to its last frame.
        let stopping = run(rig, seconds: 1.5)
        // Steps per vblank: a frame the loaded machine missed covers two. (The first frame also
        // covers the time this test spent between runs of the loop.)
        let period = rig.ticker.refreshPeriod
        func stepsPerVblank(_ frames: [(position: Int, time: Double)]) -> [Double] {
            zip(frames, frames.dropFirst()).dropFirst().map { earlier, later in
                Double(later.position - earlier.position) / max(1, ((later.time - earlier.time) / period).rounded())
            }
        }
        let steps = stepsPerVblank(stopping)
        XCTAssertTrue(steps.allSatisfy { (0...4).contains($0) }, "slows down, never jumps: \(steps)")
        XCTAssertEqual(steps.last, 0)
        XCTAssertTrue(rig.ticker.isPaused)
        let resting = run(rig, seconds: 0.5)
        XCTAssertTrue(resting.isEmpty, "paused: no frames")
        rig.ticker.resume()
        let starting = run(rig, seconds: 1.2)
        let startSteps = stepsPerVblank(starting)
        XCTAssertEqual(startSteps.last, 4, "back to 240 px/s")
        XCTAssertTrue(startSteps.allSatisfy { (0...4).contains($0) }, "speeds up, never jumps: \(startSteps)")
    }

    func testAnUrgentMessageIsShownOnceThenTheTextGoesOn() throws {
        let rig = try makeRig(["Regular news"], speed: 900, width: 400)
        runFrames(rig, 10)
        rig.ticker.announce("URGENT")
        var sawUrgentContent = false
        // Looked at every frame: at this speed the message is in within a few dozen frames.
        for _ in 0..<180 {
            runFrames(rig, 1)
            if rig.ticker.player.content.urgent?.isEntering == true { sawUrgentContent = true }
        }
        XCTAssertTrue(sawUrgentContent)
        XCTAssertNil(rig.ticker.player.content.urgent, "taken out again once it has entered")
    }

    func testNextMovesToTheNextMessage() throws {
        let messages = ["First message", "Second"]
        let rig = try makeRig(messages, speed: 0)
        _ = run(rig, seconds: 0.2)
        rig.ticker.skipToNextMessage()
        _ = run(rig, seconds: 0.5)
        XCTAssertEqual(rig.shownPosition, cycleWidth(rig, messages).messageStarts[1])
    }
}
