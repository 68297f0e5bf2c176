import Foundation
import XCTest
@testable import DisplayTestSupport

/// GNOME has no layer-shell: there xmarquee takes X11 (Xwayland), and its dock must still
/// reserve its height under mutter, GNOME's window manager (the root's `_NET_WORKAREA` shrinks).
final class GnomeDockTests: XCTestCase {
    func testUnderMutterTheDockShrinksTheWorkArea() throws {
        if let reason = HeadlessMutter.unavailable { throw XCTSkip(reason) }
        let mutter = try HeadlessMutter(width: 1280, height: 400)
        defer { mutter.stop() }
        XCTAssertTrue(waitFor(seconds: 5) { mutter.rootProperty("_NET_WORKAREA")?.hasPrefix("0, 0, 1280, 400") == true },
                      "the whole screen before: \(mutter.rootProperty("_NET_WORKAREA") ?? "nothing")")
        let bar = try XMarqueeRun(["--backend", "x11", "--bar", "top", "--height", "40", "Docked under GNOME"],
                                  waylandDisplay: mutter.runtimeDirectory + "/mutter-test", environment: mutter.environment)
        defer { bar.stop() }
        XCTAssertTrue(waitFor(seconds: 10) { mutter.rootProperty("_NET_WORKAREA")?.hasPrefix("0, 40, 1280, 360") == true },
                      "40 px reserved at the top: \(mutter.rootProperty("_NET_WORKAREA") ?? "nothing")")
        XCTAssertTrue(bar.process.isRunning)
        bar.stop()
        XCTAssertTrue(waitFor(seconds: 5) { mutter.rootProperty("_NET_WORKAREA")?.hasPrefix("0, 0, 1280, 400") == true },
                      "given back when the bar quits")
    }
}
