import CX11
import Foundation
import MarqueeCore
import MarqueeIO
@testable import MarqueeX11
import XCTest

/// Frames queued ahead in batches (Present) while the text scrolls steadily, in this process on
/// Xvfb: nothing waits for a batch to run out. A change made between two vblanks is planned from
/// the next one, replacing what was queued, and read back from the window's pixels within two
/// vblanks — while the ticker's loop sleeps (the server shows the queued frames without it).
final class BatchedFramesTests: XvfbTestCase, TickerRigTests {
    override class var screen: (width: Int, height: Int) { (1200, 200) }

    private struct Run {
        var frames: [(position: Int, phase: Int, time: Double)] = []
        var changeTime = 0.0
        /// The number of frames handed before the change (a batch's are handed at once, ahead).
        var changeIndex = 0
        var capture: WindowPixels?
        var captureTime = 0.0
    }

    /// Runs the loop for `seconds`; `changeAfter` seconds in, `change` is made and, `captureDelay`
    /// after it, the window is read. With `block`, the loop itself sleeps until the read: only
    /// the frames the change queued can show it.
    private func run(_ rig: Rig, seconds: Double, changeAfter: Double, captureDelay: Double, block: Bool,
                     change: @escaping () -> Void) throws -> Run {
        var result = Run()
        rig.frames.onFrame = { result.frames.append(($0.position, $0.phase, $0.time)) }
        let start = MonotonicClock.now()
        let changeTimer = try XCTUnwrap(DeadlineTimer()), captureTimer = try XCTUnwrap(DeadlineTimer())
        let stopper = try XCTUnwrap(DeadlineTimer())
        let read = { [connection = rig.connection, window = rig.window] in
            result.captureTime = MonotonicClock.now()
            result.capture = WindowPixels.capture(connection.display, window: window.id)
        }
        rig.loop.watch(changeTimer.fd) { _ in
            changeTimer.acknowledge()
            result.changeTime = MonotonicClock.now()
            result.changeIndex = result.frames.count
            change()
            if block {
                rig.connection.flush()
                // Time is what this tests: the loop itself stalls until the read, as a busy one would.
                Thread.sleep(forTimeInterval: max(0, result.changeTime + captureDelay - MonotonicClock.now()))
                read()
            } else {
                captureTimer.arm(at: result.changeTime + captureDelay)
            }
        }
        rig.loop.watch(captureTimer.fd) { _ in
            captureTimer.acknowledge()
            read()
        }
        rig.loop.watch(stopper.fd) { [weak loop = rig.loop] _ in loop?.stop(status: 0) }
        changeTimer.arm(at: start + changeAfter)
        stopper.arm(at: start + seconds)
        _ = rig.loop.run()
        for timer in [changeTimer, captureTimer, stopper] { rig.loop.unwatch(timer.fd) }
        rig.frames.onFrame = nil
        rig.loop.restart()
        return result
    }

    /// Within two vblanks, plus a little for the read itself.
    private func twoVblanks(_ rig: Rig) -> Double { 2 * rig.ticker.refreshPeriod + 0.004 }

    func testFramesAreQueuedInBatches() throws {
        let rig = try makeRig(["Queued ahead, shown by the server while the ticker sleeps"], speed: 120)
        let frames = run(rig, seconds: 1)
        let batch = (rig.frames.base as! X11Backend).batchLimit.count
        XCTAssertEqual(batch, Int((X11Backend.batchSeconds * 60).rounded(.up)))
        XCTAssertGreaterThanOrEqual(frames.count, 50)
        // One frame per vblank, two pixels each, across the batches' seams.
        for (earlier, later) in zip(frames, frames.dropFirst()) {
            let vblanks = ((later.time - earlier.time) / rig.ticker.refreshPeriod).rounded()
            XCTAssertEqual(vblanks, 1, "\(earlier) → \(later)")
            XCTAssertEqual(later.position - earlier.position, 2)
        }
    }

    /// `ctl pause` (the same request): planned from the next vblank, replacing the queued
    /// frames, and eased to a stop frame by frame — never a step forward past the ease.
    func testPauseIsPlannedFromTheNextVblank() throws {
        let rig = try makeRig(["Pause me between two vblanks, I ease to a stop at once"], speed: 120)
        let period = 1.0 / 60
        let result = try run(rig, seconds: 1.2, changeAfter: 0.5, captureDelay: 0.45, block: false) { rig.ticker.pause() }
        let after = result.frames[result.changeIndex...]
        let first = try XCTUnwrap(after.first)
        XCTAssertLessThanOrEqual(first.time - result.changeTime, 2 * period + 0.001, "planned for the next vblank")
        // Replaced, not appended: each vblank after the change is planned once, easing down.
        var last = first
        for frame in after.dropFirst() {
            XCTAssertEqual(((frame.time - last.time) / period).rounded(), 1, "one frame a vblank")
            XCTAssertLessThanOrEqual(frame.position - last.position, 2, "slowing, never faster")
            XCTAssertGreaterThanOrEqual(frame.position - last.position, 0)
            last = frame
        }
        let held = try XCTUnwrap(result.capture)
        XCTAssertEqual(try capture(rig), held, "stopped")
    }

    /// A new second of a clock in view: on screen within two vblanks of the change (its layout
    /// is adopted on the loop's next turn, then planned from the next vblank).
    func testANewMessageShowsWithinTwoVblanks() throws {
        let rig = try makeRig(["Headline", "12:00:00"], speed: 60)
        let result = try run(rig, seconds: 0.9, changeAfter: 0.5, captureDelay: twoVblanks(rig), block: false) {
            rig.ticker.setMessages(["Headline", "12:00:07"])
        }
        let shown = try XCTUnwrap(result.capture)
        let (reference, layout) = try referenceCycle(rig, ["Headline", "12:00:07"])
        // The position on screen at the read: within a pixel or two of the model's (it moves 1 px a vblank).
        let position = try XCTUnwrap(result.frames.last { $0.time <= result.captureTime + 0.001 }).position
        XCTAssertLessThan(layout.messageEnds[1], position + rig.window.width, "the clock is in view")
        let best = (-3...3).map { shift -> Double in
            let equal = (0..<shown.width).filter {
                shown.column($0) == reference.column(StripGeometry.floorMod(position + $0 + shift, reference.width))
            }.count
            return Double(equal) / Double(shown.width)
        }.max() ?? 0
        XCTAssertGreaterThan(best, 0.99, "the new second is on screen")
    }

    /// A wider window: the new columns are painted within two vblanks, with the text.
    func testAResizeShowsWithinTwoVblanks() throws {
        let rig = try makeRig(["A resize is painted at once, the batch queued for the old width replaced",
                               "and more text to fill the new columns"], speed: 120, width: 600)
        let result = try run(rig, seconds: 1, changeAfter: 0.5, captureDelay: twoVblanks(rig), block: false) {
            XResizeWindow(rig.connection.display, rig.window.id, 900, UInt32(rig.window.height))
            rig.connection.flush()
        }
        let shown = try XCTUnwrap(result.capture)
        XCTAssertEqual(shown.width, 900)
        let ink = shown.inkProfile(background: Self.background.rgb8)
        XCTAssertGreaterThan(ink[600...].reduce(0, +), 100, "the new columns show text")
        let later = try capture(rig)
        XCTAssertGreaterThan(later.inkProfile(background: Self.background.rgb8)[600...].reduce(0, +), 100, "and go on showing it")
    }
}
