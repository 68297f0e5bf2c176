import CX11
import Foundation
import MarqueeCore
import MarqueeIO
@testable import MarqueeX11
import XCTest

/// The ticker in this process, driven frame by frame through its real loop on Xvfb: what it
/// draws is compared with what the model says, pixel for pixel.
final class TickerPixelTests: XvfbTestCase, TickerRigTests {
    /// The shift (in -3...3) at which the window's columns best match the reference cycle read at
    /// the model's position, and the share of columns that match exactly there.
    private func bestShift(window: WindowPixels, reference: WindowPixels, position: Int) -> (shift: Int, matched: Double) {
        var best = (shift: 99, matched: -1.0)
        for shift in -3...3 {
            var equal = 0
            for x in 0..<window.width {
                let cycleX = StripGeometry.floorMod(position + x + shift, reference.width)
                if window.column(x) == reference.column(cycleX) { equal += 1 }
            }
            let matched = Double(equal) / Double(window.width)
            if matched > best.matched { best = (shift, matched) }
        }
        return best
    }

    func testPixelsSitWhereTheModelSaysForBothDirections() throws {
        for direction in ScrollDirection.allCases {
            let messages = ["Markets rally as tech stocks climb", "Wide W, thin i"]
            let rig = try makeRig(messages, direction: direction)
            runFrames(rig, 40)
            let (reference, layout) = try referenceCycle(rig, messages)
            XCTAssertEqual(reference.width, layout.width)
            let window = try capture(rig)
            let match = bestShift(window: window, reference: reference, position: rig.shownPosition)
            XCTAssertEqual(match.shift, 0, "\(direction): pixels are off the model by \(match.shift) px")
            XCTAssertGreaterThan(match.matched, 0.99, "\(direction)")
            XCTAssertNotEqual(rig.shownPosition, 0, "\(direction): it moved")
            if direction == .left { XCTAssertGreaterThan(rig.shownPosition, 0) } else { XCTAssertLessThan(rig.shownPosition, 0) }
        }
    }

    func testEveryFrameMovesTwoPixelsAt120PixelsPerSecond() throws {
        let rig = try makeRig(["Every frame the same step"], speed: 120)
        XCTAssertTrue((rig.frames.base as! X11Backend).usesPresent)
        let frames = runFrames(rig, 240)
        // The pacer may refine its period from the measured vblank rate mid-run (by well under 1 %:
        // a loaded server's vblanks come late for a while, and the period measured over them is
        // adopted until a better measure replaces it), so a step is checked against the grid of
        // the last period within that 1 %.
        let period = rig.ticker.refreshPeriod
        var singleSteps = 0
        for (previous, current) in zip(frames, frames.dropFirst()) {
            let elapsedFrames = ((current.time - previous.time) / period).rounded()
            XCTAssertEqual(current.time - previous.time, elapsedFrames * period, accuracy: period * 0.01 * elapsedFrames,
                           "frame times sit on the vblank grid")
            XCTAssertEqual(current.position - previous.position, 2 * Int(elapsedFrames), "the step follows time, not frame count")
            if elapsedFrames == 1 { singleSteps += 1 }
        }
        XCTAssertGreaterThan(singleSteps, 220, "nearly every vblank got a frame")
    }

    func testTheTimerFallbackPacesFramesWithoutPresent() throws {
        let rig = try makeRig(["No Present here"], speed: 120, allowPresent: false)
        XCTAssertFalse((rig.frames.base as! X11Backend).usesPresent)
        let frames = runFrames(rig, 60)
        for (previous, current) in zip(frames, frames.dropFirst()) {
            let elapsedFrames = Int(((current.time - previous.time) / rig.ticker.refreshPeriod).rounded())
            XCTAssertEqual(current.position - previous.position, 2 * elapsedFrames)
        }
        let (reference, _) = try referenceCycle(rig, ["No Present here"])
        let match = bestShift(window: try capture(rig), reference: reference, position: rig.shownPosition)
        XCTAssertEqual(match.shift, 0)
    }

    /// New text arrives while scrolling: every pixel already on screen stays exactly where the
    /// motion puts it, and the motion goes on at the same step.
    func testChangingTheTextMovesNothingOnScreen() throws {
        let rig = try makeRig(["The old headline", "and another one"], speed: 120)
        let before = runFrames(rig, 30)
        let first = try capture(rig)
        let firstPosition = rig.shownPosition
        rig.ticker.setMessages(["Completely different news now"])
        let after = runFrames(rig, 20)
        let second = try capture(rig)
        let shift = rig.shownPosition - firstPosition
        XCTAssertGreaterThan(shift, 0)
        XCTAssertLessThan(shift, first.width)
        for x in 0..<(first.width - shift) {
            XCTAssertEqual(second.column(x), first.column(x + shift), "column \(x) changed")
        }
        let steps = zip([before.last!] + after, after).map { $1.position - $0.position }
        for (step, pair) in zip(steps, zip([before.last!] + after, after)) {
            let frames = Int(((pair.1.time - pair.0.time) / rig.ticker.refreshPeriod).rounded())
            XCTAssertEqual(step, 2 * frames)
        }
    }

    func testStandingTextDrawsOnlyWhenAsked() throws {
        let rig = try makeRig(["Standing still"], speed: 0)
        _ = run(rig, seconds: 1.0)
        XCTAssertLessThanOrEqual(rig.ticker.framesDrawn, 3, "only the map and its exposure draw")
        XCTAssertEqual(rig.shownPosition, 0)
        let (reference, _) = try referenceCycle(rig, ["Standing still"])
        XCTAssertEqual(bestShift(window: try capture(rig), reference: reference, position: 0).shift, 0)
    }

    /// A clock ticking beside a long text: each tick lays out the clock and copies the long text
    /// from the previous layout, so the new cycle is ready in a few loop turns, not the seconds
    /// it takes to measure the long text (this is a debug build).
    func testAClockTickBesideALongTextIsLaidOutWithoutMeasuringItAgain() throws {
        let long = String(repeating: "A long text that does not change between ticks. ", count: 20_000)
        let rig = try makeRig([long, "12:00:00"], speed: 120)
        let firstLayout = timeUntilLaidOut(rig)
        rig.ticker.setMessages([long, "12:00:01"])
        let tick = timeUntilLaidOut(rig)
        XCTAssertGreaterThan(firstLayout, 0.2, "the long text should take a while to measure")
        XCTAssertLessThan(tick, firstLayout / 5, "tick \(tick) s, first layout \(firstLayout) s")
        // What is on screen after the tick is still the long text, exactly where the motion put it.
        let frames = runFrames(rig, 5)
        let steps = zip(frames, frames.dropFirst()).map { $1.position - $0.position }
        XCTAssertTrue(steps.allSatisfy { $0 > 0 && $0 % 2 == 0 }, "steps \(steps)")
    }

    /// A clock ticking beside a message much longer than the window: each tick swaps in a new
    /// cycle, and the long message reads on across every seam exactly as one cycle of it drawn
    /// by Xft (no cut, no separator, no restart), on two segments however many ticks came.
    func testTicksBesideALongMessageLeaveItWhole() throws {
        let long = (1...60).map { "Headline \($0) of a long bulletin," }.joined(separator: " ")
        let rig = try makeRig([long, "12:00:00"], speed: 480)
        runFrames(rig, 20)
        for tick in 1...8 {
            rig.ticker.setMessages([long, "12:00:0\(tick)"])
            runFrames(rig, 8)
        }
        XCTAssertLessThanOrEqual(rig.ticker.player.strip.timeline?.segments.count ?? 0, 2)
        let (reference, layout) = try referenceCycle(rig, [long, "12:00:08"])
        XCTAssertLessThan(rig.shownPosition + rig.window.width, layout.messageEnds[0], "still inside the long message")
        let match = bestShift(window: try capture(rig), reference: reference, position: rig.shownPosition)
        XCTAssertEqual(match.shift, 0)
        XCTAssertGreaterThan(match.matched, 0.99)
    }

    /// A clock in view ticks where it stands: the next second is laid out at the same places
    /// (DejaVu's digits share one width), so it replaces the text in place; the window then shows
    /// exactly the new cycle at the position the motion reached, having moved on without a jump.
    func testAClockInViewTicksInPlace() throws {
        let rig = try makeRig(["Headline one", "12:00:00"], speed: 60)
        runFrames(rig, 20)
        rig.ticker.setMessages(["Headline one", "12:00:07"])
        let frames = runFrames(rig, 6)
        // 60 px/s at 60 Hz: one pixel a vblank, however many vblanks a busy loop let pass.
        let period = rig.ticker.refreshPeriod
        for (earlier, later) in zip(frames, frames.dropFirst()) {
            let vblanks = ((later.time - earlier.time) / period).rounded()
            XCTAssertEqual(Double(later.position - earlier.position), vblanks, accuracy: 1, "no jump: \(frames)")
        }
        let (reference, layout) = try referenceCycle(rig, ["Headline one", "12:00:07"])
        XCTAssertLessThan(layout.messageEnds[1], rig.shownPosition + rig.window.width, "the clock is in view")
        let match = bestShift(window: try capture(rig), reference: reference, position: rig.shownPosition)
        XCTAssertEqual(match.shift, 0)
        XCTAssertGreaterThan(match.matched, 0.99, "the new second is on screen")
    }

    private func timeUntilLaidOut(_ rig: Rig) -> Double {
        let start = MonotonicClock.now()
        while rig.ticker.player.content.isLayingOut && MonotonicClock.now() - start < 60 { _ = run(rig, seconds: 0.01, untilShown: false) }
        return MonotonicClock.now() - start
    }
}
