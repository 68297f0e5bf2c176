import Foundation
import XCTest
@testable import DisplayTestSupport

/// The keys reach a bar from outside: wtype's virtual keyboard gives the headless sway's seat a
/// keyboard, sway gives the bar the focus (a top-layer surface that asks for the keyboard on
/// demand from its first click), and the key changes what `xmarquee ctl status` says.
final class WaylandKeyboardTests: SwayTestCase {
    func testSpaceFromAVirtualKeyboardPausesAndResumesTheBar() throws {
        if let reason = VirtualKeyboard.unavailable { throw XCTSkip(reason) }
        let name = "wl-keys-\(getpid())"
        let bar = try XMarqueeRun(["--name", name, "--bar", "top", "--height", "40", "--speed", "60",
                                   "Markets rally as tech stocks climb"], waylandDisplay: sway.waylandDisplay)
        XCTAssertTrue(waitFor(seconds: 10) { (XMarqueeRun.status(name)?["framesShown"] as? Int ?? 0) > 10 }, "the bar runs")
        XCTAssertEqual(XMarqueeRun.status(name)?["paused"] as? Bool, false)
        let user = try SwayUser(sway: sway)
        defer { user.close() }
        try user.focusTicker(clickingAt: 300, 20)

        try VirtualKeyboard.type(key: "space", into: sway)
        XCTAssertTrue(waitFor(seconds: 3) { XMarqueeRun.status(name)?["paused"] as? Bool == true },
                      "space pauses: \(String(describing: XMarqueeRun.status(name))); seats: \((try? sway.message(["-t", "get_seats"])) ?? "")")

        try VirtualKeyboard.type(key: "space", into: sway)
        XCTAssertTrue(waitFor(seconds: 3) { XMarqueeRun.status(name)?["paused"] as? Bool == false },
                      "space again resumes: \(String(describing: XMarqueeRun.status(name)))")
        bar.stop()
    }
}
