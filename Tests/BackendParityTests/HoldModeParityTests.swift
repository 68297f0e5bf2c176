import Foundation
import XCTest
@testable import DisplayTestSupport

/// `--mode hold` driven from outside as a user drives it, on every backend: `ctl next` while the
/// crawl moves brings the next message's start to the reading edge to stand there, `ctl pause` holds it past its time
/// and `ctl resume` lets it move on. (Timing to the vblank: HoldModeX11Tests, HoldModeWaylandTests.)
final class HoldModeParityTests: ParityTestCase {
    func testNextAndPauseInHoldModeOnX11() throws { try nextAndPause(on: .x11) }
    func testNextAndPauseInHoldModeOnWayland() throws { try nextAndPause(on: .wayland) }

    private func nextAndPause(on backend: Backend) throws {
        if let reason = TextRecognizer.unavailable { throw XCTSkip(reason) }
        let messages = StandWatch.messages
        let arguments = ["--mode", "hold", "--hold", "3", "--speed", "240", "--fg", "#ffffff", "--bg", "#000000", "--"] + messages
        try withBar(on: backend, arguments, text: nil) { display, _, name in
            func status() -> [String: Any] { XMarqueeRun.status(name) ?? [:] }
            func frames() -> Int { status()["framesShown"] as? Int ?? -1 }
            func firstWords(_ shot: Screenshot) throws -> String {
                try TextRecognizer.words(in: shot, x: 0, y: 0, width: 1280, height: 40).prefix(2).joined(separator: " ")
            }
            func opening(_ message: String) -> String { message.lowercased().split(separator: " ").prefix(2).joined(separator: " ") }
            XCTAssertTrue(waitFor(seconds: 10) { status()["message"] as? String == messages[0] }, "\(backend): the first message stands")
            // Once it moves on (3 s), `next` while moving: the next message comes to stand at once.
            let standing = frames()
            XCTAssertTrue(waitFor(seconds: 5) { frames() > standing + 5 }, "\(backend): the crawl moves on after the hold")
            _ = try XMarqueeRun.ctl(["--name", name, "next"])
            XCTAssertTrue(waitFor(seconds: 2) { status()["message"] as? String == messages[1] }, "\(backend): next: \(status())")
            // Eased there in 0.2 s; then it stands: no frame for a second, its start at the edge.
            Thread.sleep(forTimeInterval: 0.5)
            let before = frames()
            Thread.sleep(forTimeInterval: 1)
            XCTAssertEqual(frames(), before, "\(backend): standing after next, no frames")
            XCTAssertEqual(try firstWords(display.screenshot()), opening(messages[1]), "\(backend): the next message's start at the edge")
            // Paused, it stands past the hold's end; resumed, it moves on to the next stand.
            _ = try XMarqueeRun.ctl(["--name", name, "pause"])
            // Unpaused it would have left at 3.2 s and reached the next message by 4.1 s.
            Thread.sleep(forTimeInterval: 3.5)
            XCTAssertEqual(status()["message"] as? String, messages[1], "\(backend): held past the hold")
            _ = try XMarqueeRun.ctl(["--name", name, "resume"])
            XCTAssertTrue(waitFor(seconds: 6) { frames() > before && status()["message"] as? String == messages[2] },
                          "\(backend): resumed, the crawl moves on to the next message: \(status())")
        }
    }
}
