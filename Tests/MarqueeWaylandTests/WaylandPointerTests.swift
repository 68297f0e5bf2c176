import Foundation
import XCTest

/// Hover from outside: a virtual pointer gives the headless sway's seat a pointer, and moving it
/// onto a bar started with `--pause-on-hover` pauses the text (`ctl status`), off it resumes.
final class WaylandPointerTests: SwayTestCase {
    func testHoverPausesABarAndLeavingResumesIt() throws {
        let name = "wl-hover-\(getpid())"
        let bar = try XMarqueeRun(["--name", name, "--bar", "top", "--height", "40", "--speed", "60", "--pause-on-hover",
                                   "Markets rally as tech stocks climb"], waylandDisplay: sway.waylandDisplay)
        XCTAssertTrue(waitFor(seconds: 10) { (XMarqueeRun.status(name)?["framesShown"] as? Int ?? 0) > 10 }, "the bar runs")
        let pointer = try VirtualPointer(waylandDisplay: sway.waylandDisplay)
        defer { pointer.close() }
        // The bar takes a wl_pointer once the seat offers one: give it that moment before moving.
        XCTAssertTrue(waitFor(seconds: 3) { (try? self.sway.message(["-t", "get_seats"]))?.contains("\"pointer\"") == true },
                      "the seat has the virtual pointer")
        Thread.sleep(forTimeInterval: 0.5)
        XCTAssertEqual(XMarqueeRun.status(name)?["paused"] as? Bool, false)

        pointer.move(toX: 300, y: 20, width: 1280, height: 720)
        XCTAssertTrue(waitFor(seconds: 3) { XMarqueeRun.status(name)?["paused"] as? Bool == true },
                      "hovering the bar pauses it: \(String(describing: XMarqueeRun.status(name)))")
        pointer.move(toX: 300, y: 400, width: 1280, height: 720)
        XCTAssertTrue(waitFor(seconds: 3) { XMarqueeRun.status(name)?["paused"] as? Bool == false },
                      "leaving the bar resumes it: \(String(describing: XMarqueeRun.status(name)))")
        bar.stop()
    }
}
