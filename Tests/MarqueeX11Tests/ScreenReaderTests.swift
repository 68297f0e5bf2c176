import Foundation
import XCTest
@testable import DisplayTestSupport

/// The r key over the window announces the message at the reading edge (pyatspi catches it on a
/// private accessibility bus); without that bus, nothing is said. (The tree and the urgent
/// announcements: DesktopBusParityTests, on every backend.)
final class ScreenReaderTests: XvfbTestCase {
    override class var screen: (width: Int, height: Int) { (800, 200) }

    func testTheReaderKeyIsHeard() throws {
        try XCTSkipUnless(AccessibilityBusLauncher.isInstalled, "at-spi2-core is not installed")
        let bus = try PrivateSessionBus()
        let launcher = try AccessibilityBusLauncher(bus: bus)
        defer { launcher.stop() }
        let ticker = try TickerProcess(["--name", "reader", "--geometry", "600x30+0+0", "--speed", "0", "Hello screen reader"],
                                       display: Self.server.display, environment: bus.environment)
        defer { ticker.stop() }
        XCTAssertTrue(waitFor(seconds: 10) { XMarqueeRun.status("reader")?["message"] as? String == "Hello screen reader" })
        let listener = try AnnouncementListener(bus: bus)
        defer { listener.stop() }
        // Over the window: focus follows the pointer without a window manager.
        let display = ["DISPLAY": Self.server.display]
        _ = try runTool(URL(fileURLWithPath: "/usr/bin/xdotool"), ["mousemove", "30", "15"], environment: display)
        let start = Date()
        _ = try runTool(URL(fileURLWithPath: "/usr/bin/xdotool"), ["key", "r"], environment: display)
        XCTAssertTrue(waitFor(seconds: 5) { listener.heard.contains("announcement 'Hello screen reader' 1 marquee") }, listener.heard)
        print("screen reader: announcement heard \(String(format: "%.3f", Date().timeIntervalSince(start))) s after r")
        XCTAssertTrue(ticker.standardError.split(separator: "\n").filter { $0.contains("warning") }.isEmpty, ticker.standardError)
    }

    /// Hold mode: each message is heard as it comes to stand at the reading edge, in turn.
    func testEachMessageIsHeardAsItStandsInHoldMode() throws {
        try XCTSkipUnless(AccessibilityBusLauncher.isInstalled, "at-spi2-core is not installed")
        let bus = try PrivateSessionBus()
        let launcher = try AccessibilityBusLauncher(bus: bus)
        defer { launcher.stop() }
        let listener = try AnnouncementListener(bus: bus)
        defer { listener.stop() }
        let ticker = try TickerProcess(["--name", "hold-reader", "--geometry", "600x30+0+80", "--mode", "hold", "--hold", "0.6",
                                        "--speed", "480", "Alpha news", "Beta markets", "Gamma weather"],
                                       display: Self.server.display, environment: bus.environment)
        defer { ticker.stop() }
        let said = ["Alpha news", "Beta markets", "Gamma weather"].map { "announcement '\($0)' 1 marquee" }
        XCTAssertTrue(waitFor(seconds: 15) { said.allSatisfy(listener.heard.contains) }, listener.heard)
        // In turn, round the cycle (the first stand may come before the reader listens).
        let heard = listener.heard.split(separator: "\n").compactMap { said.firstIndex(of: String($0)) }
        XCTAssertGreaterThanOrEqual(heard.count, 3, listener.heard)
        XCTAssertTrue(zip(heard, heard.dropFirst()).allSatisfy { $1 == ($0 + 1) % said.count }, "heard in turn: \(listener.heard)")
    }

    /// Without the launcher, nothing is said about it: not while it runs (it asked the session bus
    /// before it answered `ctl`), nor up to its clean exit, so a late word cannot slip past.
    func testNoAccessibilityBusNoWord() throws {
        let bus = try PrivateSessionBus()
        let ticker = try TickerProcess(["--name", "no-reader", "--geometry", "600x30+0+40", "quiet"],
                                       display: Self.server.display, environment: bus.environment)
        defer { ticker.stop() }
        XCTAssertTrue(waitFor(seconds: 10) { XMarqueeRun.status("no-reader") != nil })
        ticker.signal(SIGTERM)
        XCTAssertEqual(ticker.waitForExit(timeout: 5), 0)
        XCTAssertEqual(ticker.standardError, "", "all it said from start to exit")
    }
}
