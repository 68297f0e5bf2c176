import Foundation
import XCTest
@testable import DisplayTestSupport

/// `--mode roll` driven as a person and a script would, the same on X11 and Wayland: the pointer
/// over the bar holds the message past its reading time, leaving lets the board go on, and
/// `xmarquee ctl next` rolls to the next message at once.
final class RollParityTests: ParityTestCase {
    func testHoverHoldsTheMessageAndNextRollsOnOnX11() throws { try hoverHoldsAndNextRolls(on: .x11) }
    func testHoverHoldsTheMessageAndNextRollsOnOnWayland() throws { try hoverHoldsAndNextRolls(on: .wayland) }

    private func hoverHoldsAndNextRolls(on backend: Backend) throws {
        // The first stands 3.9 s (28 characters), long enough to point at it in time.
        let messages = ["Alpha headline for the board", "Beta", "Gamma"]
        try withBar(on: backend, ["--mode", "roll", "--"] + messages, text: nil) { display, _, name in
            func message() -> String? { XMarqueeRun.status(name)?["message"] as? String }
            XCTAssertTrue(waitFor(seconds: 10) { message() == messages[0] }, "\(backend): \(message() ?? "no status")")
            XCTAssertEqual(XMarqueeRun.status(name)?["mode"] as? String, "roll")
            let user = try display.user()
            defer { user.close() }
            try user.move(x: 300, y: 20)
            XCTAssertTrue(holds(for: 5) { message() == messages[0] }, "\(backend): the pointer holds the message past its reading time")
            try user.move(x: 300, y: 500)
            XCTAssertTrue(waitFor(seconds: 5) { message() == messages[1] }, "\(backend): once the pointer left, the board goes on")
            let next = try XMarqueeRun.ctl(["--name", name, "next"])
            XCTAssertEqual(next.status, 0, next.output)
            XCTAssertTrue(waitFor(seconds: 1) { message() == messages[2] }, "\(backend): ctl next rolls on at once: \(message() ?? "-")")
        }
    }
}
