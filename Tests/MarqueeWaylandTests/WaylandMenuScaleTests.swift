import Foundation
import XCTest
@testable import DisplayTestSupport

/// The menu on a HiDPI output: at scale 2 it is twice as large and drawn at the output's own
/// resolution (its buffer in device pixels, shown through a viewport), not a scale-1 picture
/// enlarged by the compositor.
final class WaylandMenuScaleTests: SwayTestCase {
    private let white = Pixel(0xFF, 0xFF, 0xFF)

    /// The menu a right-click at logical x 100 opens, once OCR reads its items, and the screen
    /// then; closed after.
    private func menu(_ user: SwayUser, barHeight: Int) throws -> (MenuOnScreen, Screenshot) {
        var shot: Screenshot?
        try user.click(button: 3, x: 100, y: 20)
        var menu: MenuOnScreen?
        XCTAssertTrue(waitFor(seconds: 10) {
            shot = try? self.sway.screenshot()
            menu = shot.flatMap { MenuOnScreen(in: $0, background: self.white, itemCount: 8, barHeight: barHeight) }
            return menu?.words.contains("quit") == true && menu?.words.contains("settings") == true
        }, "the menu reads: \(menu?.words ?? [])")
        try user.key("Escape")
        return (try XCTUnwrap(menu), try XCTUnwrap(shot))
    }

    /// The share of the menu's pixels of ink (inside its border) that are grey: glyph edges
    /// anti-aliased. Drawn at the output's resolution an edge is as many pixels wide at any
    /// scale, so at 2× (strokes twice as long and wide) the share halves; a 1× picture enlarged
    /// by the compositor keeps it (its edges are enlarged too).
    private func greyShare(_ menu: MenuOnScreen, in shot: Screenshot) -> Double {
        var ink = 0, grey = 0
        for y in (menu.y + 4)..<(menu.y + menu.height - 4) {
            for x in (menu.x + 4)..<(menu.x + menu.width - 4) {
                let red = shot.pixel(x: x, y: y).red
                guard red < 250 else { continue }
                ink += 1
                if red > 30 && red < 225 { grey += 1 }
            }
        }
        return Double(grey) / Double(max(1, ink))
    }

    func testAtScale2TheMenuIsTwiceAsLargeAndDrawnAtTheOutputsResolution() throws {
        if let reason = VirtualKeyboard.unavailable { throw XCTSkip(reason) }
        let name = "wl-menu-scale-\(getpid())"
        let bar = try XMarqueeRun(["--name", name, "--bar", "top", "--height", "40", "--speed", "0", "--fg", "#000000",
                                   "--bg", "#ffffff", "--font", "DejaVu Sans:size=16", "A menu at every scale"],
                                  waylandDisplay: sway.waylandDisplay)
        defer { bar.stop() }
        XCTAssertTrue(waitFor(seconds: 10) { (XMarqueeRun.status(name)?["dpi"] as? Double) == 96 })
        let user = try SwayUser(sway: sway)
        defer { user.close() }
        let (single, singleShot) = try menu(user, barHeight: 40)
        try sway.message(["output", "HEADLESS-1", "scale", "2"])
        XCTAssertTrue(waitFor(seconds: 5) { (XMarqueeRun.status(name)?["dpi"] as? Double) == 192 })
        // The output's logical size is halved: the pointer's layout is 640 × 360 now.
        let scaledUser = try SwayUser(sway: sway, width: 640, height: 360)
        defer { scaledUser.close() }
        let (double, doubleShot) = try menu(scaledUser, barHeight: 80)
        XCTAssertEqual(Double(double.width) / Double(single.width), 2, accuracy: 0.1, "twice as wide")
        XCTAssertEqual(Double(double.height) / Double(single.height), 2, accuracy: 0.1, "twice as tall")
        let (greyAt1, greyAt2) = (greyShare(single, in: singleShot), greyShare(double, in: doubleShot))
        if let path = ProcessInfo.processInfo.environment["XMARQUEE_MENU_SHOT"] {
            FileManager.default.createFile(atPath: path + "-scale2.ppm", contents: doubleShot.ppm(x: 0, y: 0, width: 800, height: 800))
        }
        print("menu at scale 1: \(single.width) × \(single.height), \(greyAt1) of its ink grey; at 2: \(double.width) × \(double.height), \(greyAt2)")
        XCTAssertLessThan(greyAt2, greyAt1 * 0.75, "edges as fine as the output's pixels: \(greyAt2) of the ink grey at 2×, \(greyAt1) at 1×")
        XCTAssertTrue(bar.process.isRunning)
    }
}
