import MarqueeFormats
import XCTest

/// The strut arithmetic: values are distances from the root window's edges, limited to the
/// bar's own monitor columns.
final class DockPlacementTests: XCTestCase {
    let fullHD = Monitor(name: "screen", x: 0, y: 0, width: 1920, height: 1080)

    func testTopBarOnTheOnlyMonitor() {
        let placement = DockPlacement(edge: .top, height: 30, monitor: fullHD, rootHeight: 1080)
        XCTAssertEqual(placement.frame, ScreenRectangle(x: 0, y: 0, width: 1920, height: 30))
        XCTAssertEqual(placement.partialStrut, [0, 0, 30, 0, 0, 0, 0, 0, 0, 1919, 0, 0])
        XCTAssertEqual(placement.strut, [0, 0, 30, 0])
    }

    func testBottomBarOnTheOnlyMonitor() {
        let placement = DockPlacement(edge: .bottom, height: 30, monitor: fullHD, rootHeight: 1080)
        XCTAssertEqual(placement.frame, ScreenRectangle(x: 0, y: 1050, width: 1920, height: 30))
        XCTAssertEqual(placement.partialStrut, [0, 0, 0, 30, 0, 0, 0, 0, 0, 0, 0, 1919])
        XCTAssertEqual(placement.strut, [0, 0, 0, 30])
    }

    func testRightMonitorReservesOnlyItsOwnColumns() {
        let right = Monitor(name: "R", x: 1920, y: 0, width: 1280, height: 1024)
        let top = DockPlacement(edge: .top, height: 24, monitor: right, rootHeight: 1080)
        XCTAssertEqual(top.frame, ScreenRectangle(x: 1920, y: 0, width: 1280, height: 24))
        XCTAssertEqual(top.partialStrut, [0, 0, 24, 0, 0, 0, 0, 0, 1920, 3199, 0, 0])
        // A shorter monitor: the bottom strut counts from the root's bottom edge, so it includes
        // the 56 rows below the monitor.
        let bottom = DockPlacement(edge: .bottom, height: 24, monitor: right, rootHeight: 1080)
        XCTAssertEqual(bottom.frame, ScreenRectangle(x: 1920, y: 1000, width: 1280, height: 24))
        XCTAssertEqual(bottom.partialStrut, [0, 0, 0, 80, 0, 0, 0, 0, 0, 0, 1920, 3199])
    }

    func testStackedMonitorsCountFromTheRootEdges() {
        let upper = Monitor(name: "U", x: 0, y: 0, width: 1920, height: 540)
        let lower = Monitor(name: "L", x: 0, y: 540, width: 1920, height: 540)
        let topOfLower = DockPlacement(edge: .top, height: 20, monitor: lower, rootHeight: 1080)
        XCTAssertEqual(topOfLower.frame, ScreenRectangle(x: 0, y: 540, width: 1920, height: 20))
        XCTAssertEqual(topOfLower.partialStrut[2], 560)
        let bottomOfUpper = DockPlacement(edge: .bottom, height: 20, monitor: upper, rootHeight: 1080)
        XCTAssertEqual(bottomOfUpper.frame, ScreenRectangle(x: 0, y: 520, width: 1920, height: 20))
        XCTAssertEqual(bottomOfUpper.partialStrut[3], 560)
    }
}

final class MonitorChoiceTests: XCTestCase {
    let monitors = [
        Monitor(name: "DP-1", x: 0, y: 0, width: 1920, height: 1080),
        Monitor(name: "HDMI-1", x: 1920, y: 0, width: 1920, height: 1080, isPrimary: true),
    ]

    func testParsing() {
        XCTAssertEqual(MonitorChoice(parsing: "1"), .index(1))
        XCTAssertEqual(MonitorChoice(parsing: "HDMI-1"), .name("HDMI-1"))
        XCTAssertEqual(MonitorChoice(parsing: "-1"), .name("-1"))
    }

    func testDefaultIsThePrimaryElseTheFirst() {
        XCTAssertEqual(MonitorChoice.primary.resolve(in: monitors)?.name, "HDMI-1")
        let noPrimary = monitors.map { Monitor(name: $0.name, x: $0.x, y: $0.y, width: $0.width, height: $0.height) }
        XCTAssertEqual(MonitorChoice.primary.resolve(in: noPrimary)?.name, "DP-1")
        XCTAssertNil(MonitorChoice.primary.resolve(in: []))
    }

    func testByNumberAndByName() {
        XCTAssertEqual(MonitorChoice.index(0).resolve(in: monitors)?.name, "DP-1")
        XCTAssertEqual(MonitorChoice.name("DP-1").resolve(in: monitors)?.name, "DP-1")
    }

    func testAMissingMonitorFallsBackToThePrimary() {
        XCTAssertNil(MonitorChoice.name("VGA-1").find(in: monitors))
        XCTAssertEqual(MonitorChoice.name("VGA-1").resolve(in: monitors)?.name, "HDMI-1")
        XCTAssertEqual(MonitorChoice.index(5).resolve(in: monitors)?.name, "HDMI-1")
    }
}
