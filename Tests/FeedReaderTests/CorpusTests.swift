import FeedTestServer
import Foundation
import XCTest

/// The corpus (`Corpus/`, written by `Corpus/make-corpus.py`): broken and real-world-shaped
/// feeds in every format and encoding, each served by the test server with its Content-Type
/// and read by the built helper; its output must be exactly the case's `.expected`.
final class CorpusTests: XCTestCase {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Corpus")

    func testEveryCaseGivesExactlyTheExpectedRecords() throws {
        let server = try FeedTestServer()
        defer { server.stop() }
        let names = try String(contentsOf: Self.corpus.appendingPathComponent("cases.txt"), encoding: .utf8)
            .split(separator: "\n").map(String.init)
        XCTAssertGreaterThan(names.count, 40)
        for name in names {
            let feed = try Data(contentsOf: Self.corpus.appendingPathComponent(name + ".feed"))
            let type = (try? String(contentsOf: Self.corpus.appendingPathComponent(name + ".type"), encoding: .utf8))?
                .trimmingCharacters(in: .whitespacesAndNewlines) ?? "application/xml"
            server.serve("/corpus/\(name).feed", headers: ["Content-Type": type], body: feed)
            let expected = try String(contentsOf: Self.corpus.appendingPathComponent(name + ".expected"), encoding: .utf8)
                .replacingOccurrences(of: "{base}", with: server.url("/corpus/"))
                .replacingOccurrences(of: "{root}", with: server.url(""))
            let run = try HelperRun(["fetch", server.url("/corpus/\(name).feed"), "--descriptions"])
            XCTAssertEqual(run.output, expected, name)
        }
    }
}
