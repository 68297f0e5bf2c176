import Foundation
import Glibc
import XCTest
@testable import DisplayTestSupport

/// A problem shown on the bar, the same on every backend: a saved config that does not parse
/// keeps the running settings, and the bar says so (read from the screen with OCR).
final class ProblemParityTests: ParityTestCase {
    func testAReloadThatFailsSaysSoOnTheBarOnX11() throws { try reloadThatFailsSaysSo(on: .x11) }
    func testAReloadThatFailsSaysSoOnTheBarOnWayland() throws { try reloadThatFailsSaysSo(on: .wayland) }

    private func reloadThatFailsSaysSo(on backend: Backend) throws {
        if let reason = TextRecognizer.unavailable { throw XCTSkip(reason) }
        let folder = try temporaryFolder()
        let config = folder + "/config.toml"
        try "bg = \"#204a87\"\n".write(toFile: config, atomically: true, encoding: .utf8)
        try withBar(on: backend, ["--config", config, "--speed", "240"], text: "Steady text") { display, run, _ in
            let blue = Pixel(0x20, 0x4A, 0x87)
            XCTAssertTrue(waitFor(seconds: 10) { (try? display.screenshot()).map { Pixel($0.pixel(x: 3, y: 1)) == blue } ?? false },
                          "\(backend): the configured background")
            // Saved as an editor saves (a new file renamed over the old one), with a bad value.
            try "bg = \"#204a87\"\nspeed = \"fast\"\n".write(toFile: config, atomically: true, encoding: .utf8)
            let start = Date()
            var words: [String] = []
            let shown = waitFor(seconds: 15) {
                guard let shot = try? display.screenshot(),
                      let read = try? TextRecognizer.words(in: shot, x: 0, y: 0, width: shot.width, height: 40) else { return false }
                words = read
                return read.contains("keeping") && read.contains("speed")
            }
            print("\(backend): a failed reload on the bar after \(String(format: "%.1f", Date().timeIntervalSince(start))) s: \(words.joined(separator: " "))")
            XCTAssertTrue(shown, "\(backend): \(words)")
            XCTAssertTrue(run.process.isRunning)
            // The running settings stay: the notice goes, the configured background is back at the left edge.
            XCTAssertTrue(waitFor(seconds: 20) { (try? display.screenshot()).map { Pixel($0.pixel(x: 3, y: 1)) == blue } ?? false },
                          "\(backend): the running background")
        }
    }
}
