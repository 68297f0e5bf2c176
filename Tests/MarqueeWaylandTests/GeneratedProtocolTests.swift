import Foundation
import XCTest

/// The committed wayland-scanner output is what the script makes from today's XML.
final class GeneratedProtocolTests: XCTestCase {
    func testGeneratedProtocolCodeIsCurrent() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let script = Process()
        script.executableURL = root.appendingPathComponent("scripts/generate-wayland-protocols.sh")
        script.arguments = ["--check"]
        let pipe = Pipe()
        script.standardOutput = pipe
        script.standardError = pipe
        try script.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        script.waitUntilExit()
        XCTAssertEqual(script.terminationStatus, 0, output)
    }
}
