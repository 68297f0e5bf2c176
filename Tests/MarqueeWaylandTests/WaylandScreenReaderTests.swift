import Foundation
import XCTest
@testable import DisplayTestSupport

/// The r key, from a virtual keyboard, announces the message at a Wayland bar's reading edge.
/// (The tree and the urgent announcements: DesktopBusParityTests, on every backend.)
final class WaylandScreenReaderTests: SwayTestCase {
    func testTheReaderKeyIsHeard() throws {
        try XCTSkipUnless(AccessibilityBusLauncher.isInstalled, "at-spi2-core is not installed")
        if let reason = VirtualKeyboard.unavailable { throw XCTSkip(reason) }
        let bus = try PrivateSessionBus()
        let launcher = try AccessibilityBusLauncher(bus: bus)
        defer { launcher.stop() }
        let name = "wl-reader-\(getpid())"
        let bar = try XMarqueeRun(["--name", name, "--bar", "top", "--height", "40", "--speed", "0", "Wayland reads aloud"],
                                  waylandDisplay: sway.waylandDisplay, environment: bus.environment)
        defer { bar.stop() }
        XCTAssertTrue(waitFor(seconds: 10) { XMarqueeRun.status(name)?["message"] as? String == "Wayland reads aloud" })

        let user = try SwayUser(sway: sway)
        defer { user.close() }
        try user.focusTicker(clickingAt: 300, 20)
        let listener = try AnnouncementListener(bus: bus)
        defer { listener.stop() }
        try VirtualKeyboard.type(key: "r", into: sway)
        XCTAssertTrue(waitFor(seconds: 5) { listener.heard.contains("announcement 'Wayland reads aloud' 1 marquee") }, listener.heard)
    }
}
