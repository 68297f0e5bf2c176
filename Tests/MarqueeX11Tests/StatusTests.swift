import CX11
import Foundation
import XCTest
@testable import DisplayTestSupport

/// `xmarquee ctl status` and `ctl list` against the real executable under Xvfb: every field of
/// the JSON object checked against a state the test set up.
final class StatusTests: XvfbTestCase {
    override class var screen: (width: Int, height: Int) { (1000, 200) }

    private func ctl(_ arguments: [String]) throws -> (status: Int32, output: String, errors: String) {
        let process = Process()
        process.executableURL = TickerProcess.executable
        process.arguments = ["ctl"] + arguments
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self), String(decoding: errorData, as: UTF8.self))
    }

    private func status(_ name: String) throws -> [String: Any] {
        let reply = try ctl(["--name", name, "status"])
        XCTAssertEqual(reply.status, 0, reply.errors)
        XCTAssertEqual(reply.output.split(separator: "\n").count, 1, "one line: \(reply.output)")
        return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(reply.output.utf8)) as? [String: Any], reply.output)
    }

    func testStatusDescribesTheRunningTicker() throws {
        let (ticker, _, _) = try TickerProcess.launchWithWindow(
            ["--name", "status-test", "--geometry", "600x30+0+0", "--speed", "90", "--direction", "right",
             "--exec", "echo from a command", "--exec", "false", "--interval", "1", "Alpha %{F#f00}red%{F-}"],
            display: Self.server.display)
        defer { ticker.stop() }
        // Frames shown, and both commands run and answered.
        XCTAssertTrue(waitUntil(timeout: 10) {
            guard let report = XMarqueeRun.status("status-test"), let sources = report["sources"] as? [[String: Any]],
                  sources.count == 2 else { return false }
            return report["framesShown"] as? Int ?? 0 > 30 && sources[0]["lastSuccess"] is Double && sources[1]["lastError"] is String
        }, "\(String(describing: XMarqueeRun.status("status-test")))")
        var report = try status("status-test")
        XCTAssertEqual(report["name"] as? String, "status-test")
        XCTAssertEqual(report["pid"] as? Int, Int(ticker.pid))
        XCTAssertEqual(report["version"] as? String, "0.1.0")
        XCTAssertEqual(report["mode"] as? String, "continuous")
        XCTAssertEqual(report["motionSetting"] as? String, "auto")
        XCTAssertEqual(report["motion"] as? String, "scrolling")
        XCTAssertEqual(report["paused"] as? Bool, false)
        XCTAssertEqual(report["speed"] as? Double, 90)
        XCTAssertEqual(report["direction"] as? String, "right")
        XCTAssertEqual(report["dpi"] as? Double, 96)
        XCTAssertEqual(try XCTUnwrap(report["refreshRate"] as? Double), 60, accuracy: 1)
        XCTAssertEqual(report["present"] as? Bool, true)
        XCTAssertEqual(report["tearFree"] as? Bool, true, "no compositing manager: frames presented at the vblank")
        XCTAssertEqual(report["subpixel"] as? Bool, true)
        XCTAssertGreaterThan(try XCTUnwrap(report["framesShown"] as? Int), 30)
        XCTAssertNotNil(report["framesMissed"] as? Int)
        XCTAssertEqual((report["framesLate"] as? [Int])?.count, 3, "frames late by one, two, three or more vblanks")
        let message = try XCTUnwrap(report["message"] as? String)
        XCTAssertTrue(["Alpha red", "from a command"].contains(message), "the message on screen, tags removed: \(message)")
        let sources = try XCTUnwrap(report["sources"] as? [[String: Any]])
        XCTAssertEqual(sources.map { $0["name"] as? String }, ["exec 0: echo from a command", "exec 1: false"])
        XCTAssertNotNil(sources[0]["lastSuccess"] as? Double, "\(sources[0])")
        XCTAssertTrue(sources[0]["lastError"] is NSNull)
        XCTAssertTrue(sources[1]["lastSuccess"] is NSNull)
        XCTAssertNotNil(sources[1]["lastError"] as? String, "\(sources[1])")
        let now = Date().timeIntervalSince1970
        XCTAssertEqual(try XCTUnwrap(sources[0]["lastSuccess"] as? Double), now, accuracy: 5)

        XCTAssertEqual(try ctl(["--name", "status-test", "pause"]).status, 0)
        report = try status("status-test")
        XCTAssertEqual(report["paused"] as? Bool, true)
        XCTAssertEqual(try ctl(["--name", "status-test", "speed", "30"]).status, 0)
        XCTAssertEqual(try status("status-test")["speed"] as? Double, 30)
    }

    func testReducedMotionIsReportedWithThePageOnShow() throws {
        let (ticker, _, _) = try TickerProcess.launchWithWindow(
            ["--name", "status-pages", "--geometry", "600x30+0+40", "--motion", "reduced", "First page", "Second page"],
            display: Self.server.display)
        defer { ticker.stop() }
        let report = try status("status-pages")
        XCTAssertEqual(report["motionSetting"] as? String, "reduced")
        XCTAssertEqual(report["motion"] as? String, "pages")
        XCTAssertEqual(report["message"] as? String, "First page")
        XCTAssertEqual(try ctl(["--name", "status-pages", "resume"]).status, 0)
        XCTAssertEqual(try status("status-pages")["motion"] as? String, "scrolling", "ctl resume scrolls")
        XCTAssertEqual(try ctl(["--name", "status-pages", "pause"]).status, 0)
        let paused = try status("status-pages")
        XCTAssertEqual(paused["motion"] as? String, "pages", "ctl pause holds a page")
        XCTAssertEqual(paused["paused"] as? Bool, true)
    }

    func testListNamesTheRunningInstances() throws {
        let (first, _, _) = try TickerProcess.launchWithWindow(["--name", "list-one", "--geometry", "300x30+0+80", "one"],
                                                               display: Self.server.display)
        defer { first.stop() }
        let (second, _, _) = try TickerProcess.launchWithWindow(["--name", "list-two", "--geometry", "300x30+0+120", "two"],
                                                                display: Self.server.display)
        let listed = try ctl(["list"])
        XCTAssertEqual(listed.status, 0, listed.errors)
        let names = listed.output.split(separator: "\n").map(String.init)
        XCTAssertTrue(names.contains("list-one") && names.contains("list-two"), listed.output)
        second.stop()
        XCTAssertFalse(try ctl(["list"]).output.split(separator: "\n").contains("list-two"), "a killed instance is not listed")
    }
}
