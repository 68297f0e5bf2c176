import FontMatching
import Foundation
import MarqueeCore
import MarqueeFormats
import MarqueeIO
import DriverTestSupport
import TickerDriver
import TileRaster
import XCTest
@testable import MarqueeWayland
@testable import DisplayTestSupport

/// `--mode roll` under headless sway, in this process: the X11 test's watch (`RollObservation`)
/// on a layer-shell bar, each roll frame a buffer cut from its stack at a row (with an edge fade,
/// copied into a frame buffer and faded there).
final class WaylandRollModeTests: SwayTestCase {
    static let messages = ["Oil slips 2% in early trade", "Markets open higher"]

    func testMessagesStandThenRollInAtThePlannedPositions() throws {
        try watchRolls(name: "cut from the stacks")
    }

    func testARollWithAnEdgeFade() throws {
        try watchRolls(fade: 24, name: "with an edge fade")
    }

    private func watchRolls(fade: Int = 0, name: String) throws {
        if let reason = TextRecognizer.unavailable { throw XCTSkip(reason) }
        let loop = EventLoop()
        let display = try WaylandDisplay(name: sway.waylandDisplay)
        var motion = MotionSettings()
        motion.mode = .roll
        let style = TickerStyle(foreground: RGBAColor(hex: "#f0f0f0")!, background: RGBAColor(hex: "#202020")!, speed: 120,
                                direction: .left, layout: LayoutSettings(separator: "   "), motion: motion, fade: fade)
        let font = try FontSet.open(patterns: ["DejaVu Sans:pixelsize=20"]).0
        let backend = try WaylandBackend(display: display, placement: .bar(edge: .top, layer: .top, monitor: .primary),
                                         height: 36, font: font, look: style.look, loop: loop)
        let frames = RecordingBackend(backend, now: MonotonicClock.now)
        let ticker = try Ticker(backend: frames, shaper: font, reordering: BidiReordering(), style: style, loop: loop)
        ticker.setMessages(Self.messages)
        ticker.setReducedMotion(false)
        let sway = self.sway!
        let watch = RollObservation(bar: (0, 0, 700, 36), ink: (0x20, 0xf0)) { vblank in
            // The frame's commit sent, then its refresh and sway's rendering waited for, with a
            // refresh to spare: nothing else is committed meanwhile.
            _ = display.flush()
            RollObservation.waitForFrame(vblank: vblank)
            return try sway.screenshot()
        }
        frames.onFrame = { frame in watch.frameHanded(time: frame.time, offset: frame.rollOffset) }
        let watched = try watch.watch(run: { self.run(loop, for: $0) }, shot: { try sway.screenshot() })
        frames.onFrame = nil
        let report = try watch.report(watched, rollTime: PageRoll.duration)
        print("roll on headless sway, \(name): \(report)")
        XCTAssertEqual(report.stoodStill, [true, true], "a standing page's pixels do not change")
        XCTAssertEqual(report.rollDurations.count, 4, "four rolls: to the second message, back, there and back again")
        for duration in report.rollDurations { XCTAssertLessThanOrEqual(duration, 0.5) }
        let undisturbed = try XCTUnwrap(report.undisturbed)
        XCTAssertLessThanOrEqual(undisturbed.seconds, 0.5, "the page stands within half a second of the roll's first frame")
        XCTAssertGreaterThanOrEqual(undisturbed.frames, 20, "about every vblank of the roll is a frame")
        XCTAssertEqual(try XCTUnwrap(report.secondStood), MessagePager.readingTime(characters: Self.messages[1].count), accuracy: 0.1)
        XCTAssertGreaterThanOrEqual(report.measured, 6)
        XCTAssertEqual(report.lag, 0, "each capture shows the frame it waited for")
        XCTAssertLessThanOrEqual(report.rms, 0.10, "vertical positions as planned")
        XCTAssertTrue(report.words[0].contains("slips") && report.words[0].contains("early"), "\(report.words[0])")
        XCTAssertTrue(report.words[1].contains("open") && report.words[1].contains("higher"), "\(report.words[1])")
        withExtendedLifetime((display, ticker)) {}
    }
}
