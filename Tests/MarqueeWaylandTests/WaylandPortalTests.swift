import Foundation
import XCTest
@testable import DisplayTestSupport

/// The desktop portal's settings followed live by a Wayland bar: a fake
/// `org.freedesktop.portal.Settings` on a private session bus turns animations off and on.
final class WaylandPortalTests: SwayTestCase {
    func testPortalTurnsTheBarToPagesAndBack() throws {
        let bus = try PrivateSessionBus()
        let portal = try FakeBusPeer(FakePeerScripts.portal, bus: bus)
        let name = "wl-portal-\(getpid())"
        let bar = try XMarqueeRun(["--name", name, "--bar", "top", "--height", "30", "--speed", "120", "First message", "Second message"],
                                  waylandDisplay: sway.waylandDisplay, environment: bus.environment)
        defer { bar.stop() }
        XCTAssertTrue(waitFor(seconds: 10) { XMarqueeRun.status(name)?["motion"] as? String == "scrolling" })
        XCTAssertTrue(waitFor(seconds: 5) { portal.logged.contains("ReadAll") }, "the bar asked the portal")
        var latencies: [Double] = []
        for (state, motion) in [("off", "pages"), ("on", "scrolling"), ("off", "pages")] {
            let start = Date()
            portal.send("animations \(state)")
            XCTAssertTrue(waitFor(seconds: 5) { XMarqueeRun.status(name)?["motion"] as? String == motion },
                          "animations \(state): \(String(describing: XMarqueeRun.status(name)?["motion"]))")
            latencies.append(Date().timeIntervalSince(start))
        }
        print("portal: enable-animations followed in \(latencies.map { String(format: "%.3f s", $0) })")
        XCTAssertLessThan(latencies.max() ?? 5, 1)
    }
}
