import Foundation
import XCTest
@testable import DisplayTestSupport

/// What the tests that run on every backend share: the real `xmarquee` as a 40-px top bar on a
/// new server of each backend's kind, with a private name and config folder.
class ParityTestCase: XCTestCase {
    /// Runs `xmarquee --bar EDGE --height 40 ARGUMENTS -- TEXT` (no text when nil) on a new server
    /// of `backend`'s kind (`environment` added to the display's), until `body` returns.
    func withBar(on backend: Backend, _ arguments: [String], edge: String = "top", text: String? = "Parity on every backend",
                 compositing: Bool = false, windowManager: Bool = false, environment: [String: String] = [:],
                 _ body: (DisplayUnderTest, XMarqueeRun, String) throws -> Void) throws {
        if let reason = backend.unavailable { throw XCTSkip(reason) }
        let display = try backend.start(compositing: compositing, windowManager: windowManager)
        defer { display.stop() }
        let name = "parity-\(backend.rawValue)-\(getpid())-\(UUID().uuidString.prefix(8))"
        let home = try temporaryFolder()
        let run = try XMarqueeRun(["--bar", edge, "--height", "40", "--name", name] + arguments + (text.map { ["--", $0] } ?? []),
                                  waylandDisplay: nil,
                                  environment: display.environment.merging(environment) { _, new in new }
                                      .merging(["XDG_CONFIG_HOME": home]) { given, _ in given })
        defer { run.stop() }
        try body(display, run, name)
    }

    /// A folder of the test's own, removed when it ends.
    func temporaryFolder() throws -> String {
        let path = NSTemporaryDirectory() + "xmarquee-parity-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
        return path
    }

    /// `ctl status` once it answers (within 10 s), else nil.
    func waitForStatus(_ name: String) -> [String: Any]? {
        var status: [String: Any]?
        waitFor(seconds: 10) {
            status = XMarqueeRun.status(name)
            return status != nil
        }
        return status
    }
}
