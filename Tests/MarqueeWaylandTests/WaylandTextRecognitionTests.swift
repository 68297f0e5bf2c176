import Foundation
import XCTest
@testable import DisplayTestSupport

/// The bar's text as a reader sees it: tesseract reads a grim screenshot of a standing bar.
final class WaylandTextRecognitionTests: SwayTestCase {
    func testOCRReadsTheShapedTextOfAStandingBar() throws {
        if let reason = TextRecognizer.unavailable { throw XCTSkip(reason) }
        let name = "wl-ocr-\(getpid())"
        let words = ["markets", "rally", "as", "tech", "stocks", "climb"]
        let bar = try XMarqueeRun(["--name", name, "--bar", "top", "--height", "60", "--speed", "0",
                                   "--font", "DejaVu Sans:size=28", "--fg", "#000000", "--bg", "#ffffff",
                                   "Markets rally as tech stocks climb"], waylandDisplay: sway.waylandDisplay)
        // A standing bar draws once and counts no frames: it is up when its control socket answers.
        XCTAssertTrue(waitFor(seconds: 10) { XMarqueeRun.status(name) != nil }, "the bar starts")

        var read: [String] = []
        XCTAssertTrue(waitFor(seconds: 5) {
            // The first copy of the text only: at speed 0 the line stands at the start, its repeat after the separator.
            read = (try? TextRecognizer.words(in: self.sway.screenshot(), x: 0, y: 0, width: 640, height: 60)) ?? []
            return read == words
        }, "OCR reads the bar's words: \(read)")
        bar.stop()
    }
}
