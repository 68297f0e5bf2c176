import Foundation
import XCTest
@testable import DisplayTestSupport

/// The committed wayland-scanner output is what the script makes from today's XML.
final class GeneratedProtocolTests: XCTestCase {
    func testGeneratedProtocolCodeIsCurrent() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let result = try runTool(root.appendingPathComponent("scripts/generate-wayland-protocols.sh"), ["--check"])
        XCTAssertEqual(result.status, 0, result.output)
    }
}
