import Foundation
import XCTest
@testable import DisplayTestSupport

/// A reload that fails, in any mode: the running settings stay, and the bar says so.
final class FailedReloadTests: XCTestCase {
    /// Without a desktop launch too: a saved config that does not parse keeps the running
    /// settings, and the bar says so (standard error as before).
    func testAReloadThatFailsKeepsTheSettingsAndSaysSoOnTheBar() throws {
        if let reason = TextRecognizer.unavailable { throw XCTSkip(reason) }
        let session = try DesktopSession(width: 1280, height: 400)
        try session.startWindowManager()
        let folder = TemporaryFolder()
        let config = folder.write("config", "text = [\"Steady text\"]\nbg = \"#204a87\"\n")
        let process = try session.launchXmarquee(["--bar", "top"], config: config)
        let window = try XCTUnwrap(session.window(of: process), session.errors(of: process))
        let frame = session.frame(of: window)
        folder.write("config", "text = [\"Steady text\"]\nbg = \"#204a87\"\nspeed = \"fast\"\n")
        XCTAssertTrue(Tool.eventually { session.errors(of: process).contains("keeping the running configuration") },
                      session.errors(of: process))
        var seen: [[String]] = []
        let start = Date()
        let shown = Tool.eventually(timeout: 15) {
            guard let words = try? session.barWords(window) else { return false }
            seen.append(words)
            return words.contains("keeping") && words.contains("speed")
        }
        print("a failed reload on the bar after \(String(format: "%.1f", Date().timeIntervalSince(start))) s: \(seen.last ?? [])")
        XCTAssertTrue(shown, "the failed reload never on the bar: \(seen.suffix(3))")
        // The running settings stay: the bar's own background away from the notice.
        XCTAssertTrue(process.isRunning)
        XCTAssertTrue(session.frame(of: window) == frame)
        XCTAssertTrue(Tool.eventually(timeout: 20) {
            guard let shot = try? Screenshot.ofRoot(display: session.display) else { return false }
            return Pixel(shot.pixel(x: frame.width - 3, y: frame.y + 1)).isClose(to: Pixel(0x20, 0x4a, 0x87), tolerance: 8)
        }, "the running background stays")
    }
}
