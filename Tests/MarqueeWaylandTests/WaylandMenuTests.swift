import Foundation
import XCTest
@testable import DisplayTestSupport

/// The menu where only sway can show it: on a HiDPI output (at scale 2 it is twice as large and
/// drawn at the output's own resolution, its buffer in device pixels shown through a viewport,
/// not a scale-1 picture enlarged by the compositor), and as the popup of a window (an
/// xdg_toplevel's xdg child) rather than of a layer-shell bar.
final class WaylandMenuTests: SwayTestCase {
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

    func testAWindowsMenuIsItsXdgPopupBelowIt() throws {
        if let reason = VirtualKeyboard.unavailable { throw XCTSkip(reason) }
        // A floating window keeps its own size (800 px wide, as tall as its font needs) where sway centres it.
        try sway.message(["for_window [app_id=\"xmarquee\"] floating enable"])
        let name = "wl-menu-window-\(getpid())"
        let window = try XMarqueeRun(["--name", name, "--backend", "wayland", "--geometry", "800x40", "--speed", "0",
                                      "--fg", "#000000", "--bg", "#ffffff", "--font", "DejaVu Sans:size=16", "A window's menu"],
                                     waylandDisplay: sway.waylandDisplay)
        defer { window.stop() }
        XCTAssertNotNil(waitFor(seconds: 10) { XMarqueeRun.status(name) != nil } ? true : nil)
        var rect: [String: Int] = [:]
        XCTAssertTrue(waitFor(seconds: 5) {
            rect = (try? self.sway.message(["-t", "get_tree"])).flatMap(Self.windowRect) ?? [:]
            return rect["width"] == 800
        }, "a floating window 800 px wide: \(rect)")
        let (x, y, height) = (rect["x"] ?? 0, rect["y"] ?? 0, rect["height"] ?? 0)
        let user = try SwayUser(sway: sway)
        defer { user.close() }
        try user.click(button: 3, x: x + 60, y: y + height / 2)
        var menu: MenuOnScreen?
        XCTAssertTrue(waitFor(seconds: 10) {
            menu = (try? self.sway.screenshot()).flatMap { MenuOnScreen(in: $0, background: self.white, itemCount: 8, barHeight: y + height) }
            return menu?.words.contains("quit") == true && menu?.words.contains("settings") == true
        }, "the menu reads: \(menu?.words ?? [])")
        let shown = try XCTUnwrap(menu)
        XCTAssertEqual(shown.x, x + 60, accuracy: 2, "at the pointer's column")
        XCTAssertEqual(shown.y, y + height, accuracy: 3, "right below the window")
        let quit = shown.itemCentre(7)
        try user.click(button: 1, x: quit.x, y: quit.y)
        XCTAssertEqual(window.finish(within: 5)?.status, 0, "Quit from a window's menu")
    }

    /// The rectangle on screen of the window whose app id is xmarquee, from sway's tree (JSON).
    private static func windowRect(_ tree: String) -> [String: Int]? {
        func find(_ node: Any) -> [String: Int]? {
            guard let node = node as? [String: Any] else { return nil }
            if node["app_id"] as? String == "xmarquee", let outer = node["rect"] as? [String: Int],
               let inner = node["window_rect"] as? [String: Int] {
                // The container's rectangle holds the title bar; the window's is inside it.
                return ["x": (outer["x"] ?? 0) + (inner["x"] ?? 0), "y": (outer["y"] ?? 0) + (inner["y"] ?? 0),
                        "width": inner["width"] ?? 0, "height": inner["height"] ?? 0]
            }
            for key in ["nodes", "floating_nodes"] {
                for child in node[key] as? [Any] ?? [] { if let found = find(child) { return found } }
            }
            return nil
        }
        return (try? JSONSerialization.jsonObject(with: Data(tree.utf8))).flatMap(find)
    }
}
