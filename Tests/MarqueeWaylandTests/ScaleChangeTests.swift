import Foundation
import XCTest
@testable import DisplayTestSupport

/// An output's scale changed while the bar runs (`swaymsg output … scale 2`): the bar lays its
/// text out again at the new size and keeps its logical height, as X11 follows a new DPI.
final class ScaleChangeTests: SwayTestCase {
    func testANewOutputScaleIsFollowedLive() throws {
        let name = "wl-scale-\(getpid())"
        let bar = try XMarqueeRun(["--name", name, "--bar", "top", "--height", "40", "--speed", "0", "--fg", "#ffffff",
                                   "--bg", "#000000", "Scaled while it runs"], waylandDisplay: sway.waylandDisplay)
        defer { bar.stop() }
        XCTAssertTrue(waitFor(seconds: 10) { (XMarqueeRun.status(name)?["dpi"] as? Double) == 96 })
        let before = try sway.screenshot()
        try sway.message(["output", "HEADLESS-1", "scale", "2"])
        XCTAssertTrue(waitFor(seconds: 5) { (XMarqueeRun.status(name)?["dpi"] as? Double) == 192 },
                      "laid out at twice the DPI: \(String(describing: XMarqueeRun.status(name)))")
        let workspaces = try XCTUnwrap(sway.query("get_workspaces") as? [[String: Any]])
        XCTAssertEqual((workspaces.first?["rect"] as? [String: Any])?["y"] as? Int, 40, "still 40 logical pixels reserved")
        // Lit rows: text glyphs twice as tall, drawn at the new size (not the old text in a taller bar).
        func litRows(_ shot: Screenshot, rows: Int) -> Int {
            (0..<rows).filter { y in (0..<shot.width).contains { shot.pixel(x: $0, y: y).red > 200 } }.count
        }
        let rowsBefore = litRows(before, rows: 40)
        var after: Screenshot?
        XCTAssertTrue(waitFor(seconds: 5) {
            after = try? self.sway.screenshot()
            return after.map { Double(litRows($0, rows: 80)) >= 1.8 * Double(rowsBefore) } ?? false
        }, "the text's rows doubled: \(rowsBefore) before, \(after.map { litRows($0, rows: 80) } ?? 0) after")
        let shot = try XCTUnwrap(after)
        XCTAssertEqual(shot.width, before.width, "the output's mode is unchanged: its logical size halved")
        XCTAssertEqual(Pixel(shot.pixel(x: shot.width - 2, y: 79)), Pixel(0, 0, 0), "the bar is 80 device rows")
        XCTAssertNotEqual(Pixel(shot.pixel(x: shot.width - 2, y: 81)), Pixel(0, 0, 0), "and no more")
        XCTAssertTrue(bar.process.isRunning)
    }
}
