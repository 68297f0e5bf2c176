import Foundation
import XCTest
@testable import DisplayTestSupport

/// A fractional output scale (KWin's virtual output at 1.5): the bar's buffer is made at the
/// exact device size and its glyphs drawn at that size, so what KWin shows is what xmarquee
/// draws on X11 at 144 dpi — never a 2× buffer shrunk by the compositor — and the bar reserves
/// its height in logical pixels.
final class FractionalScaleTests: XCTestCase {
    private let text = "Fractional scale: glyphs drawn at the output's own size"
    private let arguments = ["--bar", "top", "--height", "40", "--speed", "0", "--bg", "#203040", "--fg", "#f0f0f0"]
    private var reference: StandingBarReference { StandingBarReference(arguments: arguments, text: text, background: Pixel(0x20, 0x30, 0x40)) }

    func testAtScale1Point5TheBarIsDrawnNativelyAndMatchesX11At144DPI() throws {
        if let reason = HeadlessKWin.unavailable { throw XCTSkip(reason) }
        let kwin = try HeadlessKWin(width: 1280, height: 400, scale: 1.5)
        defer { kwin.stop() }
        XCTAssertEqual(try kwin.maximizeArea(), [0, 0, 1280, 400], "the whole output before the bar")
        let name = "kwin-scale-\(getpid())"
        let run = try XMarqueeRun(arguments + ["--name", name, "--", text], waylandDisplay: kwin.waylandDisplay,
                                  environment: ["XDG_RUNTIME_DIR": kwin.runtimeDirectory])
        defer { run.stop() }
        let status = { XMarqueeRun.status(name, environment: ["XDG_RUNTIME_DIR": kwin.runtimeDirectory]) }
        XCTAssertTrue(waitFor(seconds: 10) { (status()?["dpi"] as? Double) == 144 }, "laid out at 1.5 × 96 dpi: \(String(describing: status()))")
        // Standing text: the picture settles once the text laid out at the new scale is drawn.
        var shot: Screenshot?
        XCTAssertTrue(waitFor(seconds: 5) {
            let previous = shot
            shot = try? kwin.screenshot()
            guard let shot, Pixel(shot.pixel(x: 1900, y: 59)) == Pixel(0x20, 0x30, 0x40) else { return false }
            return previous?.band(0..<60) == shot.band(0..<60)
        }, "the bar's 40 logical rows are 60 device rows, and its picture settles")
        let wayland = try XCTUnwrap(shot)
        XCTAssertEqual(wayland.width, 1920)
        XCTAssertNotEqual(Pixel(wayland.pixel(x: 1900, y: 60)), Pixel(0x20, 0x30, 0x40), "and no more")
        // The bar reserves its 40 logical pixels: a maximised window starts below it.
        let area = try kwin.maximizeArea()
        print("KWin at 1.5: a maximised window's area with the bar: \(area)")
        XCTAssertEqual(area, [0, 40, 1280, 360], "the bar reserves --height 40 logical pixels")

        let x11 = try reference.drawnOnX11(dpi: 144, width: 1920, rows: 60)
        let mean = StandingBarReference.meanDifference(wayland, x11, rows: 60)
        print("KWin at 1.5 against X11 at 144 dpi: mean absolute difference \(mean) grey levels")
        XCTAssertLessThanOrEqual(mean, 1.5, "mean absolute difference from X11's drawing at 144 dpi, in grey levels")
    }
}
