import Foundation
import XCTest
@testable import DisplayTestSupport

/// `--label` at a fractional output scale (KWin's virtual output at 1.5): the label on the bar's
/// surface and the crawl on its subsurface follow the bar's scale, the crawl starting at the
/// label's edge and reaching the output's, the label standing still while the crawl moves.
final class LabelScaleTests: XCTestCase {
    func testAtScale1Point5TheLabelStandsAndTheCrawlFillsTheRestOfTheBar() throws {
        if let reason = HeadlessKWin.unavailable { throw XCTSkip(reason) }
        let kwin = try HeadlessKWin(width: 1280, height: 400, scale: 1.5)
        defer { kwin.stop() }
        let name = "kwin-label-\(getpid())"
        let arguments = ["--bar", "top", "--height", "40", "--speed", "120", "--bg", "#000000", "--fg", "#ffffff",
                         "--label", "BREAKING", "--label-bg", "#ffffff", "--label-fg", "#000000", "--fade", "20",
                         "--name", name, "--", String(repeating: "\u{2588}", count: 400)]
        let run = try XMarqueeRun(arguments, waylandDisplay: kwin.waylandDisplay, environment: ["XDG_RUNTIME_DIR": kwin.runtimeDirectory])
        defer { run.stop() }
        let status = { XMarqueeRun.status(name, environment: ["XDG_RUNTIME_DIR": kwin.runtimeDirectory]) }
        XCTAssertTrue(waitFor(seconds: 10) { (status()?["dpi"] as? Double) == 144 }, "laid out at 1.5 × 96 dpi: \(String(describing: status()))")
        var labelWidth = 0
        var first: Screenshot?
        XCTAssertTrue(waitFor(seconds: 10) {
            guard let shot = try? kwin.screenshot() else { return false }
            labelWidth = (0..<shot.width).first { Pixel(shot.pixel(x: $0, y: 1)).brightness < 128 } ?? 0
            first = shot
            return labelWidth > 60 && Pixel(shot.pixel(x: labelWidth + 60, y: 30)).brightness > 200
                && Pixel(shot.pixel(x: 1880, y: 30)).brightness > 200
        }, "the label and the crawl beside it are drawn")
        let start = try XCTUnwrap(first)
        try? start.ppm(x: 0, y: 0, width: start.width, height: 60)
            .write(to: URL(fileURLWithPath: NSTemporaryDirectory() + "xmarquee-label-kwin-1.5.ppm"))
        XCTAssertEqual(start.width, 1920)
        XCTAssertLessThan(Pixel(start.pixel(x: labelWidth, y: 30)).brightness, 40, "the crawl fades to its background at the label's edge")
        XCTAssertLessThan(Pixel(start.pixel(x: 1919, y: 30)).brightness, 40, "and at the output's edge: the crawl reaches it")
        XCTAssertNotEqual(Pixel(start.pixel(x: 100, y: 60)), Pixel(0xff, 0xff, 0xff), "40 logical rows are 60 device rows")
        let words = try TextRecognizer.words(in: start, x: 0, y: 0, width: labelWidth, height: 60)
        XCTAssertTrue(words.contains("breaking"), "OCR reads the label at 1.5: \(words)")

        func label(_ shot: Screenshot) -> [Pixel] { (0..<60).flatMap { y in (0..<labelWidth).map { Pixel(shot.pixel(x: $0, y: y)) } } }
        let standing = label(start)
        var captures = 0, moved = false
        let deadline = Date().addingTimeInterval(2)
        while Date() < deadline {
            guard let shot = try? kwin.screenshot() else { continue }
            captures += 1
            XCTAssertEqual(label(shot), standing, "the label's pixels at capture \(captures)")
            if shot.band(0..<60) != start.band(0..<60) { moved = true }
        }
        print("label at KWin 1.5: \(labelWidth) device px wide, \(captures) captures in 2 s, crawl moved: \(moved), OCR: \(words)")
        XCTAssertGreaterThan(captures, 2)
        XCTAssertTrue(moved, "the crawl moves beside the label")
    }
}
