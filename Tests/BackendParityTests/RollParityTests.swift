import Foundation
import XCTest
@testable import DisplayTestSupport

/// `--mode roll` driven as a person and a script would, the same on X11 and Wayland: the pointer
/// over the bar holds the message past its reading time, leaving lets the board go on,
/// `xmarquee ctl next` rolls to the next message at once, and a screen reader reads the message
/// standing as the marquee's name.
final class RollParityTests: ParityTestCase {
    func testHoverHoldsTheMessageAndNextRollsOnOnX11() throws { try hoverHoldsAndNextRolls(on: .x11) }
    func testHoverHoldsTheMessageAndNextRollsOnOnWayland() throws { try hoverHoldsAndNextRolls(on: .wayland) }
    func testAScreenReaderReadsTheStandingMessageOnX11() throws { try screenReaderReadsTheStandingMessage(on: .x11) }
    func testAScreenReaderReadsTheStandingMessageOnWayland() throws { try screenReaderReadsTheStandingMessage(on: .wayland) }

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

    /// The marquee's accessible name is the message standing, and the next once it rolled in.
    private func screenReaderReadsTheStandingMessage(on backend: Backend) throws {
        try XCTSkipUnless(AccessibilityBusLauncher.isInstalled, "at-spi2-core is not installed")
        let bus = try PrivateSessionBus()
        let launcher = try AccessibilityBusLauncher(bus: bus)
        defer { launcher.stop() }
        let messages = ["Alpha headline for the board", "Beta"]
        try withBar(on: backend, ["--mode", "roll", "--"] + messages, text: nil, environment: bus.environment) { _, _, name in
            func message() -> String? { XMarqueeRun.status(name)?["message"] as? String }
            XCTAssertTrue(waitFor(seconds: 10) { message() == messages[0] })
            let first = ScreenReaderProbe.tree(bus: bus)
            XCTAssertTrue(first.contains("role=marquee") && first.contains("name='\(messages[0])'"), "\(backend): \(first)")
            _ = try XMarqueeRun.ctl(["--name", name, "next"])
            XCTAssertTrue(waitFor(seconds: 2) { message() == messages[1] })
            let second = ScreenReaderProbe.tree(bus: bus)
            XCTAssertTrue(second.contains("name='\(messages[1])'"), "\(backend): \(second)")
        }
    }
}
