import FeedTestServer
import Foundation
import XCTest

/// The helper itself against hostile servers, its peak memory and time measured with
/// `/usr/bin/time`: a 2 GB gzip, deflate or brotli bomb costs it at most 64 MB and 2 s.
final class HelperLimitTests: XCTestCase {
    nonisolated(unsafe) static var server: FeedTestServer!

    override class func setUp() { server = try! FeedTestServer() }
    override class func tearDown() { server.stop() }

    func testCompressionBombsCostTheHelperLittleMemoryAndTime() throws {
        for path in ["/bomb.gz", "/bomb.deflate", "/bomb.br"] {
            let run = try HelperRun(["fetch", Self.server.url(path)])
            XCTAssertEqual(run.output, "error\tthe response is larger than 5 MB\n", path)
            // A sanitized helper's shadow memory and slowness are its build's, not the bomb's.
            if Sanitizer.name == nil {
                XCTAssertLessThanOrEqual(run.peakMemory, 64 << 20, "\(path): peak \(run.peakMemory >> 10) kB")
                XCTAssertLessThanOrEqual(run.seconds, 2, path)
            }
            print("\(path): peak memory \(run.peakMemory >> 10) kB, \(String(format: "%.2f", run.seconds)) s")
        }
    }

    func testATricklingServerMeetsTheTimeout() throws {
        let run = try HelperRun(["fetch", Self.server.url("/slow.xml"), "--timeout", "2"])
        XCTAssertEqual(run.output, "error\tno complete answer within 2 s (timed out)\n")
        XCTAssertLessThan(run.seconds, 3)
    }
}

/// One run of the built `xmarquee-feed` under GNU time (`/usr/bin/time`, package `time`), which
/// reports the helper's own peak resident memory: a child's ru_maxrss counts what its parent had
/// mapped when it started it (Linux keeps the old image's high-water mark across exec), so the
/// helper is started from `time`, a small process, not from the test's large one.
struct HelperRun {
    let output: String
    let peakMemory: Int
    let seconds: Double

    init(_ arguments: [String]) throws {
        let report = NSTemporaryDirectory() + "xmarquee-time-\(UUID().uuidString)"
        defer { unlink(report) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/time")
        process.arguments = ["-o", report, "-f", "%M %e", Self.builtHelper()] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        output = String(decoding: data, as: UTF8.self)
        let figures = try String(contentsOfFile: report, encoding: .utf8).split(whereSeparator: \.isWhitespace)
        peakMemory = (figures.first.flatMap { Int($0) } ?? -1) << 10 // kB
        seconds = figures.dropFirst().first.flatMap { Double($0) } ?? -1
    }

    static func builtHelper() -> String {
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for candidate in [beside.appendingPathComponent("xmarquee-feed"), beside.deletingLastPathComponent().appendingPathComponent("xmarquee-feed")]
        where FileManager.default.isExecutableFile(atPath: candidate.path) {
            return candidate.path
        }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return root.appendingPathComponent(".build/debug/xmarquee-feed").path
    }
}
