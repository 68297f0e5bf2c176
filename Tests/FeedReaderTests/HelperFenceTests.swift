import Foundation
import XCTest

/// The helper's fence, on the built `xmarquee-feed`: inside it, code that a hostile document
/// steered (`check-fence` tries what such code would) can read neither a file of the user's nor
/// one of the system's beyond what resolving and TLS need, write nothing and run nothing; and
/// the helper's own work goes on inside it (a `file:` feed named to it is read).
final class HelperFenceTests: XCTestCase {
    private func helper(_ arguments: [String]) throws -> (output: String, errors: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: HelperRun.builtHelper())
        process.arguments = arguments
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (text, String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
    }

    func testInsideTheFenceNothingOutsideItsAllowanceOpens() throws {
        let folder = NSTemporaryDirectory() + "xmarquee-fence-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let secret = folder + "/secret.txt"
        try "the user's secret".write(toFile: secret, atomically: true, encoding: .utf8)
        let run = try helper(["check-fence", secret, "/etc/hostname", "/etc/resolv.conf"])
        let lines = run.output.split(separator: "\n").map(String.init)
        let abi = Int(lines.first?.split(separator: "\t").last ?? "") ?? 0
        try XCTSkipIf(abi == 0, "this kernel offers no Landlock: \(run.errors)")
        XCTAssertEqual(run.errors, "", "no warning where the kernel offers both fences")
        XCTAssertEqual(lines.count, 7, run.output)
        guard lines.count == 7 else { return }
        XCTAssertEqual(Array(lines[1...4]), ["fence\ton", "read\t\(secret)\tblocked (Permission denied)",
                                             "read\t/etc/hostname\tblocked (Permission denied)", "read\t/etc/resolv.conf\tallowed"])
        XCTAssertTrue(lines[5].hasPrefix("write\t\(folder)/xmarquee-fence-") && lines[5].hasSuffix("\tblocked (Permission denied)"), lines[5])
        XCTAssertEqual(lines[6], "exec\t/bin/true\tblocked (Operation not permitted)")
    }

    /// The fence lets the helper do its work: the `file:` feed it is given is read, and only that.
    func testAFileFeedIsReadInsideTheFence() throws {
        let folder = NSTemporaryDirectory() + "xmarquee-fence-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "<rss version=\"2.0\"><channel><item><title>Inside the fence</title></item></channel></rss>"
            .write(toFile: folder + "/feed.xml", atomically: true, encoding: .utf8)
        let run = try helper(["fetch", "file://\(folder)/feed.xml"])
        XCTAssertTrue(run.output.hasPrefix("item\tInside the fence\t\nok\t"), run.output + run.errors)
        XCTAssertEqual(run.errors, "")
    }
}
