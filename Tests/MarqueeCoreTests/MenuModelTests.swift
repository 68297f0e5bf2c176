import MarqueeCore
import XCTest

/// The menu's pure parts: its items, the lit item, the keys, the rows and where it goes on screen.
final class MenuModelTests: XCTestCase {
    func testItemsFollowThePauseAndTheLink() {
        XCTAssertEqual(MenuModel(pausedByUser: false, link: nil).labels,
                       ["Pause", "Faster", "Slower", "Next message", "Reload", "Edit settings", "About", "Quit"])
        XCTAssertEqual(MenuModel(pausedByUser: true, link: "https://a.example/").labels,
                       ["Resume", "Faster", "Slower", "Next message", "Open this link", "Reload", "Edit settings", "About", "Quit"])
    }

    func testTheArrowsWrapAndThePointerLightsItsRow() {
        var lit = MenuHighlight(count: 3)
        lit.step(down: false)
        XCTAssertEqual(lit.index, 2, "Up from nothing lights the last")
        lit.step(down: true)
        XCTAssertEqual(lit.index, 0, "and wraps to the first")
        XCTAssertTrue(lit.point(at: 1))
        XCTAssertFalse(lit.point(at: 1))
        XCTAssertTrue(lit.point(at: 7))
        XCTAssertNil(lit.index, "outside the rows nothing is lit")
    }

    func testTheOpeningClicksReleaseChoosesNothingALaterOneDoes() {
        var menu = MenuInteraction(count: 3)
        XCTAssertEqual(menu.release(overRow: 0), .nothing, "the right-click's own release, over the menu as it opens")
        XCTAssertTrue(menu.pointer(overRow: 1))
        XCTAssertEqual(menu.release(overRow: 1), .chosen(1))
        XCTAssertEqual(menu.press(overRow: nil, inside: false).0, .dismissed, "a press elsewhere closes it")
        XCTAssertEqual(menu.key(.down).0, .nothing)
        XCTAssertEqual(menu.key(.choose).0, .chosen(2), "down from the lit row, then Enter")
        XCTAssertEqual(menu.key(.dismiss).0, .dismissed)
    }

    func testKeys() {
        XCTAssertEqual(MenuKey(keysym: 0xFF1B), .dismiss)
        XCTAssertEqual(MenuKey(keysym: 0xFF0D), .choose)
        XCTAssertEqual(MenuKey(keysym: 0xFF54), .down)
        XCTAssertTrue(MenuKey.opensMenu(keysym: 0xFF67, shift: false))
        XCTAssertTrue(MenuKey.opensMenu(keysym: 0xFFC7, shift: true))
        XCTAssertFalse(MenuKey.opensMenu(keysym: 0xFFC7, shift: false), "F10 alone is the desktop's")
    }

    func testRowsGrowWithTheFont() {
        let small = MenuLayout(fontHeight: 16, labelWidths: [40, 90]), large = MenuLayout(fontHeight: 32, labelWidths: [80, 180])
        XCTAssertEqual(large.height, small.height * 2)
        XCTAssertEqual(large.width, small.width * 2)
        XCTAssertEqual(small.row(atX: 5, y: small.rowTop(1) + 2), 1)
        XCTAssertNil(small.row(atX: 5, y: small.height))
        XCTAssertNil(small.row(atX: -1, y: small.rowTop(0)))
    }

    func testPlacedBesideTheBarAndInsideTheMonitor() {
        let monitor = MenuPlacement.Rect(x: 0, y: 0, width: 1000, height: 600)
        let top = MenuPlacement.Rect(x: 0, y: 0, width: 1000, height: 40)
        XCTAssertEqual(MenuPlacement.origin(width: 200, height: 300, at: 100, 20, monitor: monitor, bar: top) == (100, 40), true,
                       "below a top bar, at the pointer's column")
        let bottom = MenuPlacement.Rect(x: 0, y: 560, width: 1000, height: 40)
        let up = MenuPlacement.origin(width: 200, height: 300, at: 950, 580, monitor: monitor, bar: bottom)
        XCTAssertEqual(up.x, 750, "turned left at the monitor's right edge")
        XCTAssertEqual(up.y, 260, "above a bottom bar, never over it")
        let second = MenuPlacement.Rect(x: 1000, y: 0, width: 800, height: 600)
        let onSecond = MenuPlacement.origin(width: 200, height: 300, at: 1010, 10, monitor: second,
                                            bar: MenuPlacement.Rect(x: 1000, y: 0, width: 800, height: 30))
        XCTAssertEqual(onSecond.x, 1010)
        XCTAssertEqual(onSecond.y, 30)
    }
}
