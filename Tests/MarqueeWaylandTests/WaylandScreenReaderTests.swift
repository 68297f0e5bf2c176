import Foundation
import XCTest
@testable import DisplayTestSupport

/// The same accessible ticker from a Wayland bar under headless sway: the tree pyatspi reads,
/// and the r key from a virtual keyboard announcing the message at the reading edge (the shared
/// driver's announcements, whichever display).
final class WaylandScreenReaderTests: SwayTestCase {
    func testAReaderFindsTheBarAndItsKeyIsHeard() throws {
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
        let tree = ScreenReaderProbe.tree(bus: bus)
        XCTAssertTrue(tree.contains("child role=marquee marquee=True showing=True visible=True focusable=True index=0 parent=xmarquee name='Wayland reads aloud'"), tree)

        let listener = try AnnouncementListener(bus: bus)
        defer { listener.stop() }
        try VirtualKeyboard.type(key: "r", into: sway)
        XCTAssertTrue(waitFor(seconds: 5) { listener.heard.contains("announcement 'Wayland reads aloud' 1 marquee") }, listener.heard)
    }
}
