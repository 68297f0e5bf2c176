import Foundation
import XCTest

/// Bar mode under Xvfb with openbox: the window a panel needs to be, what it reserves, and how
/// it follows monitors and window-manager restarts.
final class DockBarTests: XCTestCase {
    var session: DesktopSession!

    override func setUpWithError() throws {
        session = try DesktopSession(width: 1920, height: 1080)
        try session.startWindowManager()
    }

    override func tearDown() { session = nil }

    /// Starts a bar and returns its window once mapped.
    func startBar(_ arguments: [String]) throws -> (Process, String) {
        let process = try session.launchXmarquee(arguments + ["Bar under test"])
        let window = try XCTUnwrap(session.window(of: process), "no bar window; stderr: \(session.errors(of: process))")
        return (process, window)
    }

    func testTopBarIsAFullWidthDockReservingItsHeight() throws {
        let (_, bar) = try startBar(["--bar", "top", "--height", "30"])
        XCTAssertEqual(session.property(bar, "_NET_WM_WINDOW_TYPE"), "_NET_WM_WINDOW_TYPE_DOCK")
        XCTAssertEqual(session.cardinals(bar, "_NET_WM_STRUT_PARTIAL"), [0, 0, 30, 0, 0, 0, 0, 0, 0, 1919, 0, 0])
        XCTAssertEqual(session.cardinals(bar, "_NET_WM_STRUT"), [0, 0, 30, 0])
        XCTAssertTrue(session.frame(of: bar) == (0, 0, 1920, 30), "\(session.frame(of: bar))")
        XCTAssertTrue(Tool.eventually { self.session.rootCardinals("_NET_WORKAREA").prefix(4) == [0, 30, 1920, 1050] },
                      "work area: \(session.rootCardinals("_NET_WORKAREA"))")
        let state = session.property(bar, "_NET_WM_STATE")
        for flag in ["_NET_WM_STATE_ABOVE", "_NET_WM_STATE_SKIP_TASKBAR", "_NET_WM_STATE_SKIP_PAGER"] {
            XCTAssertTrue(state.contains(flag), "state: \(state)")
        }
        // On all desktops (openbox keeps stickiness as desktop 0xFFFFFFFF rather than the STICKY flag).
        XCTAssertEqual(session.cardinals(bar, "_NET_WM_DESKTOP"), [0xFFFF_FFFF])
        XCTAssertTrue(session.property(bar, "WM_HINTS").contains("False"), "never takes the focus")
        XCTAssertEqual(session.property(bar, "WM_CLASS"), "\"xmarquee\", \"Xmarquee\"")
        XCTAssertEqual(session.property(bar, "_NET_WM_NAME"), "\"xmarquee\"")
        XCTAssertFalse(session.property(bar, "_NET_WM_ICON").isEmpty, "has an icon")
    }

    func testBottomBarSitsOnTheBottomEdge() throws {
        let (_, bar) = try startBar(["--bar", "bottom", "--height", "40"])
        XCTAssertEqual(session.property(bar, "_NET_WM_WINDOW_TYPE"), "_NET_WM_WINDOW_TYPE_DOCK")
        XCTAssertEqual(session.cardinals(bar, "_NET_WM_STRUT_PARTIAL"), [0, 0, 0, 40, 0, 0, 0, 0, 0, 0, 0, 1919])
        XCTAssertEqual(session.cardinals(bar, "_NET_WM_STRUT"), [0, 0, 0, 40])
        XCTAssertTrue(session.frame(of: bar) == (0, 1040, 1920, 40), "\(session.frame(of: bar))")
        XCTAssertTrue(Tool.eventually { self.session.rootCardinals("_NET_WORKAREA").prefix(4) == [0, 0, 1920, 1040] },
                      "work area: \(session.rootCardinals("_NET_WORKAREA"))")
    }

    func testDefaultHeightFitsTheFont() throws {
        let (_, bar) = try startBar(["--bar", "top", "--font", "DejaVu Sans:pixelsize=20"])
        let height = session.frame(of: bar).height
        XCTAssertTrue((22...40).contains(height), "height \(height)")
        XCTAssertEqual(session.cardinals(bar, "_NET_WM_STRUT_PARTIAL")[2], height)
    }

    func testTopAndBottomBarsTogether() throws {
        _ = try startBar(["--bar", "top", "--height", "20"])
        _ = try startBar(["--bar", "bottom", "--height", "30"])
        XCTAssertTrue(Tool.eventually { self.session.rootCardinals("_NET_WORKAREA").prefix(4) == [0, 20, 1920, 1030] },
                      "work area: \(session.rootCardinals("_NET_WORKAREA"))")
    }

    func testAWindowRaisedOverTheBarLeavesTheBarVisible() throws {
        let (_, bar) = try startBar(["--bar", "top", "--height", "30", "--bg", "#ff0000", "--fg", "#ff0000"])
        let other = try session.launchXmarquee(["--geometry", "1920x300+0+0", "--bg", "#0000ff", "--fg", "#0000ff", "other"])
        let window = try XCTUnwrap(session.window(of: other))
        // Drag it over the bar's place (title bar off the top edge: openbox keeps a plain move
        // inside the work area) and raise it, as a user dragging and clicking would.
        Tool.run("xdotool", ["windowmove", "--sync", window, "0", "-40"], environment: session.environment)
        Tool.run("xdotool", ["windowactivate", window], environment: session.environment)
        Tool.run("xdotool", ["windowraise", window], environment: session.environment)
        XCTAssertTrue(Tool.eventually { self.session.frame(of: window).y < 30 }, "overlaps the bar: \(session.frame(of: window))")
        XCTAssertTrue(Tool.eventually { self.session.pixel(x: 960, y: 100).map { $0.blue > 200 } ?? false },
                      "the other window is on screen")
        XCTAssertTrue(session.isViewable(bar))
        XCTAssertTrue(Tool.eventually { self.session.pixel(x: 960, y: 15).map { $0.red > 200 && $0.blue < 50 } ?? false },
                      "bar pixel: \(String(describing: session.pixel(x: 960, y: 15)))")
    }

    func testBarGoesOnTheMonitorAskedForWithStrutsForThatMonitorOnly() throws {
        // Two monitors side by side. (The output "screen" keeps its own automatic monitor too.)
        XCTAssertEqual(session.xrandr("--setmonitor", "L", "960/254x1080/286+0+0", "none").status, 0)
        XCTAssertEqual(session.xrandr("--setmonitor", "R", "960/254x1080/286+960+0", "none").status, 0)
        let (_, byName) = try startBar(["--bar", "bottom", "--height", "30", "--monitor", "R"])
        XCTAssertTrue(session.frame(of: byName) == (960, 1050, 960, 30), "\(session.frame(of: byName))")
        XCTAssertEqual(session.cardinals(byName, "_NET_WM_STRUT_PARTIAL"), [0, 0, 0, 30, 0, 0, 0, 0, 0, 0, 960, 1919])
        let (_, byNumber) = try startBar(["--bar", "top", "--height", "24", "--monitor", "0"])
        XCTAssertTrue(session.frame(of: byNumber) == (0, 0, 960, 24), "\(session.frame(of: byNumber))")
        XCTAssertEqual(session.cardinals(byNumber, "_NET_WM_STRUT_PARTIAL"), [0, 0, 24, 0, 0, 0, 0, 0, 0, 959, 0, 0])
    }

    func testBarOnALowerMonitorCountsStrutsFromTheRootEdge() throws {
        session.xrandr("--setmonitor", "UP", "1920/508x540/143+0+0", "none")
        session.xrandr("--setmonitor", "DOWN", "1920/508x540/143+0+540", "none")
        let (_, bar) = try startBar(["--bar", "top", "--height", "20", "--monitor", "DOWN"])
        XCTAssertTrue(session.frame(of: bar) == (0, 540, 1920, 20), "\(session.frame(of: bar))")
        XCTAssertEqual(session.cardinals(bar, "_NET_WM_STRUT_PARTIAL"), [0, 0, 560, 0, 0, 0, 0, 0, 0, 1919, 0, 0])
    }

    func testBarFollowsItsMonitorAndMovesToThePrimaryWhenItGoes() throws {
        session.xrandr("--setmonitor", "L", "960/254x1080/286+0+0", "none")
        session.xrandr("--setmonitor", "R", "960/254x1080/286+960+0", "none")
        let (process, bar) = try startBar(["--bar", "top", "--height", "30", "--monitor", "R"])
        XCTAssertTrue(session.frame(of: bar) == (960, 0, 960, 30))

        // R goes away. Xvfb sends no RandR event for --setmonitor/--delmonitor alone, so the
        // output's primary flag is toggled as well: that sends RRScreenChangeNotify, as a real
        // hot-plug or mode change does. "screen" is then the primary monitor.
        session.xrandr("--delmonitor", "R")
        session.xrandr("--output", "screen", "--primary")
        XCTAssertTrue(Tool.eventually { self.session.frame(of: bar) == (0, 0, 1920, 30) }, "\(session.frame(of: bar))")
        XCTAssertEqual(session.cardinals(bar, "_NET_WM_STRUT_PARTIAL"), [0, 0, 30, 0, 0, 0, 0, 0, 0, 1919, 0, 0])
        XCTAssertTrue(session.errors(of: process).contains("is gone"), session.errors(of: process))

        // R comes back, at another size: the bar returns to it and takes its new geometry.
        session.xrandr("--setmonitor", "R", "800/211x1080/286+1120+0", "none")
        session.xrandr("--output", "screen", "--noprimary")
        XCTAssertTrue(Tool.eventually { self.session.frame(of: bar) == (1120, 0, 800, 30) }, "\(session.frame(of: bar))")
        XCTAssertEqual(session.cardinals(bar, "_NET_WM_STRUT_PARTIAL"), [0, 0, 30, 0, 0, 0, 0, 0, 1120, 1919, 0, 0])
        XCTAssertTrue(process.isRunning)
    }

    func testWindowManagerRestartLeavesTheBarDocked() throws {
        let (process, bar) = try startBar(["--bar", "top", "--height", "30"])
        XCTAssertTrue(Tool.eventually { self.session.rootCardinals("_NET_WORKAREA").prefix(4) == [0, 30, 1920, 1050] })
        try session.restartWindowManager()
        XCTAssertTrue(Tool.eventually { self.session.rootCardinals("_NET_WORKAREA").prefix(4) == [0, 30, 1920, 1050] },
                      "work area after restart: \(session.rootCardinals("_NET_WORKAREA"))")
        XCTAssertTrue(process.isRunning)
        XCTAssertTrue(session.isViewable(bar))
        XCTAssertTrue(session.frame(of: bar) == (0, 0, 1920, 30), "\(session.frame(of: bar))")
        XCTAssertEqual(session.property(bar, "_NET_WM_WINDOW_TYPE"), "_NET_WM_WINDOW_TYPE_DOCK")
        XCTAssertEqual(session.cardinals(bar, "_NET_WM_STRUT_PARTIAL"), [0, 0, 30, 0, 0, 0, 0, 0, 0, 1919, 0, 0])
        XCTAssertTrue(session.property(bar, "_NET_WM_STATE").contains("_NET_WM_STATE_ABOVE"))
    }

    func testWindowModeAboveAndSticky() throws {
        let process = try session.launchXmarquee(["--above", "--sticky", "--geometry", "600x40+100+100", "window"])
        let window = try XCTUnwrap(session.window(of: process))
        let state = session.property(window, "_NET_WM_STATE")
        XCTAssertTrue(state.contains("_NET_WM_STATE_ABOVE"), state)
        XCTAssertEqual(session.cardinals(window, "_NET_WM_DESKTOP"), [0xFFFF_FFFF])
        XCTAssertNotEqual(session.property(window, "_NET_WM_WINDOW_TYPE"), "_NET_WM_WINDOW_TYPE_DOCK")
        XCTAssertTrue(session.property(window, "WM_PROTOCOLS").contains("WM_DELETE_WINDOW"))
        XCTAssertFalse(session.property(window, "_NET_WM_ICON").isEmpty)
    }
}

/// Compares xwininfo frames with expected tuples.
func == (lhs: (x: Int, y: Int, width: Int, height: Int), rhs: (Int, Int, Int, Int)) -> Bool {
    lhs.x == rhs.0 && lhs.y == rhs.1 && lhs.width == rhs.2 && lhs.height == rhs.3
}
