import Foundation
import XCTest
@testable import DisplayTestSupport

/// A screen reader hears the ticker: pyatspi (Debian's, for /usr/bin/python3) reads the
/// accessible tree on a private accessibility bus and catches the announcements that
/// `ctl say`, a critical notification and the `r` key raise.
final class ScreenReaderTests: XvfbTestCase {
    override class var screen: (width: Int, height: Int) { (800, 200) }

    func testAReaderFindsTheMarqueeAndHearsUrgentMessages() throws {
        try XCTSkipUnless(AccessibilityBusLauncher.isInstalled, "at-spi2-core is not installed")
        let bus = try PrivateSessionBus()
        let launcher = try AccessibilityBusLauncher(bus: bus)
        defer { launcher.stop() }
        let ticker = try TickerProcess(["--name", "reader", "--geometry", "600x30+0+0", "--speed", "0", "--notifications",
                                        "Hello screen reader"],
                                       display: Self.server.display, environment: bus.environment)
        defer { ticker.stop() }
        XCTAssertTrue(waitFor(seconds: 10) { XMarqueeRun.status("reader")?["message"] as? String == "Hello screen reader" })

        // The tree, read on demand: the marquee's name is the message at the reading edge.
        let tree = ScreenReaderProbe.tree(bus: bus)
        XCTAssertTrue(tree.contains("app application 1"), "\(tree) \(ticker.standardError)")
        XCTAssertTrue(tree.contains("child role=marquee marquee=True showing=True visible=True focusable=True index=0 parent=xmarquee name='Hello screen reader'"), tree)

        // Announcements: ctl say (polite), a critical notification (assertive), the r key (the message).
        let listener = try AnnouncementListener(bus: bus)
        defer { listener.stop() }
        let heard = { listener.heard }

        var start = Date()
        XCTAssertEqual(try XMarqueeRun.ctl(["--name", "reader", "say", "Storm warning for the coast"]).status, 0)
        XCTAssertTrue(waitFor(seconds: 5) { heard().contains("announcement 'Storm warning for the coast' 1 marquee") }, heard())
        let sayLatency = Date().timeIntervalSince(start)

        start = Date()
        let notify = try runTool(URL(fileURLWithPath: "/usr/bin/notify-send"), ["-u", "critical", "Disk full", "Free some space"],
                                 environment: bus.environment)
        XCTAssertEqual(notify.status, 0, notify.output)
        XCTAssertTrue(waitFor(seconds: 5) { heard().contains("announcement 'Disk full: Free some space' 2 marquee") }, heard())
        let criticalLatency = Date().timeIntervalSince(start)

        // The r key (over the window: focus follows the pointer without a window manager).
        let onScreen = XMarqueeRun.status("reader")?["message"] as? String ?? ""
        let display = ["DISPLAY": Self.server.display]
        _ = try runTool(URL(fileURLWithPath: "/usr/bin/xdotool"), ["mousemove", "30", "15"], environment: display)
        start = Date()
        _ = try runTool(URL(fileURLWithPath: "/usr/bin/xdotool"), ["key", "r"], environment: display)
        XCTAssertTrue(waitFor(seconds: 5) { heard().contains("announcement '\(onScreen)' 1 marquee") }, "\(onScreen): \(heard())")
        let keyLatency = Date().timeIntervalSince(start)
        print("screen reader: announcement heard \(String(format: "%.3f", sayLatency)) s after ctl say, "
              + "\(String(format: "%.3f", criticalLatency)) s after notify-send -u critical, \(String(format: "%.3f", keyLatency)) s after r")
        XCTAssertTrue(ticker.standardError.split(separator: "\n").filter { $0.contains("warning") }.isEmpty, ticker.standardError)
    }

    /// Without the launcher, nothing is said about it.
    func testNoAccessibilityBusNoWord() throws {
        let bus = try PrivateSessionBus()
        let ticker = try TickerProcess(["--name", "no-reader", "--geometry", "600x30+0+40", "quiet"],
                                       display: Self.server.display, environment: bus.environment)
        defer { ticker.stop() }
        XCTAssertTrue(waitFor(seconds: 10) { XMarqueeRun.status("no-reader") != nil })
        Thread.sleep(forTimeInterval: 1)
        XCTAssertEqual(ticker.standardError, "")
    }
}
