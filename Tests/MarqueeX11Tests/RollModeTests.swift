import CX11
import Foundation
import MarqueeCore
import MarqueeIO
@testable import MarqueeX11
import XCTest
@testable import DisplayTestSupport

/// `--mode roll` on Xvfb, in this process: each message stands still for its reading time, the
/// next rolls in within half a second, every frame of the roll where the model planned it (read
/// from the screen), and each message reads while it stands; presented at the vblank, copied
/// under a compositing manager, and faded at the edges.
final class RollModeTests: XvfbTestCase, TickerRigTests {
    static let messages = ["Oil slips 2% in early trade", "Markets open higher"]

    func testMessagesStandThenRollInAtThePlannedPositions() throws {
        try watchRolls(name: "presented at the vblank")
    }

    func testARollWithAnEdgeFade() throws {
        try watchRolls(fade: 24, name: "with an edge fade")
    }

    func testARollUnderACompositingManager() throws {
        let probe = try XProbe(Self.server.display)
        let compositor = try CompositingManager(display: Self.server.display, probe: probe)
        defer {
            compositor.stop()
            _ = waitUntil(timeout: 5) { !CompositingManager.isRunning(on: probe) }
        }
        try watchRolls(name: "copied under a compositing manager")
    }

    private func watchRolls(fade: Int = 0, name: String) throws {
        if let reason = TextRecognizer.unavailable { throw XCTSkip(reason) }
        var motion = MotionSettings()
        motion.mode = .roll
        let rig = try makeRig(Self.messages, width: 700, height: 36, fonts: ["DejaVu Sans:size=15"], motion: motion, fade: fade)
        rig.ticker.setReducedMotion(false)
        let display = Self.server.display
        let watch = RollObservation(bar: (0, 0, 700, 36), ink: (0x20, 0xf0)) { vblank in
            // The frame's PresentPixmap (or copy) sent, then its vblank waited for, with a vblank
            // to spare: nothing else is handed meanwhile (a roll's frames come one a vblank, and
            // the loop waits here), so the frame stays on screen.
            rig.connection.flush()
            RollObservation.waitForFrame(vblank: vblank)
            return try Screenshot.ofRoot(display: display)
        }
        rig.frames.onFrame = { frame in watch.frameHanded(time: frame.time, offset: frame.rollOffset) }
        let watched = try watch.watch(run: { seconds in
            let stopper = DeadlineTimer()!
            stopper.arm(at: MonotonicClock.now() + seconds)
            rig.loop.watch(stopper.fd) { [weak loop = rig.loop] _ in loop?.stop(status: 0) }
            _ = rig.loop.run()
            rig.loop.unwatch(stopper.fd)
            rig.loop.restart()
            rig.connection.sync()
        }, shot: { try Screenshot.ofRoot(display: display) })
        rig.frames.onFrame = nil
        let report = try watch.report(watched, rollTime: PageRoll.duration)
        print("roll on Xvfb, \(name): \(report)")
        XCTAssertEqual(report.stoodStill, [true, true], "a standing page's pixels do not change")
        XCTAssertEqual(report.rollDurations.count, 4, "four rolls: to the second message, back, there and back again")
        for duration in report.rollDurations { XCTAssertLessThanOrEqual(duration, 0.5) }
        let undisturbed = try XCTUnwrap(report.undisturbed)
        XCTAssertLessThanOrEqual(undisturbed.seconds, 0.5, "the page stands within half a second of the roll's first frame")
        XCTAssertGreaterThanOrEqual(undisturbed.frames, 20, "about every vblank of the roll is a frame")
        let reading = MessagePager.readingTime(characters: Self.messages[1].count)
        XCTAssertEqual(try XCTUnwrap(report.secondStood), reading, accuracy: 0.1, "the second message stood for its reading time")
        XCTAssertGreaterThanOrEqual(report.measured, 6)
        XCTAssertEqual(report.lag, 0, "each capture shows the frame it waited for")
        XCTAssertLessThanOrEqual(report.rms, 0.10, "vertical positions as planned")
        XCTAssertTrue(report.words[0].contains("slips") && report.words[0].contains("early"), "\(report.words[0])")
        XCTAssertTrue(report.words[1].contains("open") && report.words[1].contains("higher"), "\(report.words[1])")
    }
}
