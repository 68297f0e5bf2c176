import FeedTestServer
import Foundation
import XCTest
@testable import DisplayTestSupport

/// `xmarquee --import-tickr` as a Tickr user runs it: Debian's sample feed list (its addresses
/// pointed at a local server) imported into a fresh home, the config it writes started, every
/// selected feed fetched and shown under its title, no unselected one asked; a second import
/// refuses and leaves the file as it was, `--force` replaces it.
final class TickrImportEndToEndTests: XCTestCase {
    nonisolated(unsafe) static var server: XvfbServer!
    nonisolated(unsafe) static var feeds: FeedTestServer!
    static let sample = "/usr/share/tickr/tickr-url-list"

    override class func setUp() {
        server = try! XvfbServer(width: 900, height: 100)
        feeds = try! FeedTestServer()
    }

    override class func tearDown() {
        server.stop()
        feeds.stop()
    }

    /// Debian's sample with each address replaced by `/feed/N.xml` on the test server (served
    /// with one headline, "Headline N"); the titles, `*` and `-` kept. Also what it expects.
    func localSample() throws -> (list: String, selected: [(title: String, path: String)], unselected: [String]) {
        guard FileManager.default.fileExists(atPath: Self.sample) else {
            throw XCTSkip("\(Self.sample) is missing: apt-get install tickr (scripts/install-deps.sh test does)")
        }
        let original = try String(contentsOfFile: Self.sample, encoding: .utf8)
        var lines: [String] = [], selected: [(String, String)] = [], unselected: [String] = []
        for (index, line) in original.split(separator: "\n").enumerated() {
            let marker = line.prefix(1), rank = line.dropFirst().prefix(3)
            let afterRank = line.dropFirst(4)
            let title = afterRank.firstIndex(of: ">").map { String(afterRank[afterRank.index(after: $0)...]) } ?? ""
            let path = "/feed/\(index).xml"
            Self.feeds.serve(path, body: """
                <?xml version="1.0"?><rss version="2.0"><channel><title>Feed \(index)</title>
                <item><title>Headline \(index)</title></item></channel></rss>
                """)
            lines.append("\(marker)\(rank)\(Self.feeds.url(path))>\(title)")
            if marker == "*" { selected.append((title.trimmingCharacters(in: .whitespaces), path)) } else { unselected.append(path) }
        }
        return (lines.joined(separator: "\n") + "\n", selected, unselected)
    }

    func testDebiansSampleImportedFetchesAndShowsEverySelectedFeed() throws {
        let (list, selected, unselected) = try localSample()
        XCTAssertEqual(selected.count, 11)
        XCTAssertEqual(unselected.count, 23)
        let home = NSTemporaryDirectory() + "xmarquee-tickr-home-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: home) }
        try FileManager.default.createDirectory(atPath: home + "/.tickr", withIntermediateDirectories: true)
        try list.write(toFile: home + "/.tickr/tickr-url-list", atomically: true, encoding: .utf8)
        // A window where the tests can see it, not a bar.
        try "-delay=8\n-shiftsize=1\n-win_x=10\n-win_y=10\n-win_w=800\n-win_h=40\n".write(toFile: home + "/.tickr/tickr-conf",
                                                                                          atomically: true, encoding: .utf8)
        let environment = ["HOME": home, "XDG_CONFIG_HOME": home + "/.config", "XDG_STATE_HOME": home + "/.local/state"]
        let config = home + "/.config/xmarquee/config"

        let imported = try TickerProcess(["--import-tickr", home + "/.tickr"], display: nil, environment: environment)
        XCTAssertEqual(imported.waitForExit(timeout: 10), 0, imported.standardError)
        XCTAssertEqual(imported.standardError, "")
        let written = try Data(contentsOf: URL(fileURLWithPath: config))
        XCTAssertTrue(String(decoding: written, as: UTF8.self).contains("title = \"NYT > World News\""))

        let name = "tickr-\(getpid())"
        // Standing still: `ctl next` scrubs to each message in turn.
        let ticker = try TickerProcess(["--name", name, "--motion", "always", "--speed", "0", "--font", "DejaVu Sans:size=14"],
                                       display: Self.server.display, environment: environment)
        defer {
            ticker.signal(SIGTERM)
            _ = ticker.waitForExit(timeout: 5)
            ticker.stop()
        }
        var sources: [[String: Any]] = []
        XCTAssertTrue(waitUntil(timeout: 15) {
            sources = SourceTests.status(name)["sources"] as? [[String: Any]] ?? []
            return sources.count == selected.count && sources.allSatisfy { $0["lastSuccess"] is Double }
        }, "\(sources) \(ticker.standardError)")
        let expected = Set(selected.map { "\($0.title): Headline \($0.path.dropFirst(6).dropLast(4))" })
        let shown = TickerControl.shownMessages(name, count: expected.count - 1, timeout: 20)
        XCTAssertEqual(shown, expected)
        for path in unselected { XCTAssertEqual(Self.feeds.requests(to: path).count, 0, "\(path) is not selected in Tickr") }
        XCTAssertEqual(ticker.standardError, "")

        // Again: refused with its own status, the file byte for byte as it was.
        let again = try TickerProcess(["--import-tickr", home + "/.tickr"], display: nil, environment: environment)
        XCTAssertEqual(again.waitForExit(timeout: 10), 7)
        XCTAssertEqual(again.standardError, "xmarquee: --import-tickr: \(config) exists: --import-tickr --force replaces it (nothing was written)\n")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: config)), written)

        // With --force, a changed list replaces it.
        try "*  0https://example.org/only>Only one\n".write(toFile: home + "/.tickr/tickr-url-list", atomically: true, encoding: .utf8)
        let forced = try TickerProcess(["--import-tickr", home + "/.tickr", "--force"], display: nil, environment: environment)
        XCTAssertEqual(forced.waitForExit(timeout: 10), 0, forced.standardError)
        let replaced = try String(contentsOfFile: config, encoding: .utf8)
        XCTAssertTrue(replaced.contains("url = \"https://example.org/only\""), replaced)
        XCTAssertFalse(replaced.contains("NYT"), replaced)
    }

    /// `--import-tickr` alone reads `$HOME/.tickr`, like every other path the ticker finds under
    /// the home folder, not the password entry's home.
    func testAloneItReadsTheTickrFolderUnderHome() throws {
        let home = NSTemporaryDirectory() + "xmarquee-tickr-home-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: home) }
        try FileManager.default.createDirectory(atPath: home + "/.tickr", withIntermediateDirectories: true)
        try "*  0https://example.org/home>From HOME\n".write(toFile: home + "/.tickr/tickr-url-list", atomically: true, encoding: .utf8)
        let run = try TickerProcess(["--import-tickr"], display: nil, environment: ["HOME": home, "XDG_CONFIG_HOME": home + "/.config"])
        XCTAssertEqual(run.waitForExit(timeout: 10), 0, run.standardError)
        let written = try String(contentsOfFile: home + "/.config/xmarquee/config", encoding: .utf8)
        XCTAssertTrue(written.contains("url = \"https://example.org/home\""), written)
    }

    func testAMissingTickrFolderIsOneLineAndStatusFive() throws {
        let home = NSTemporaryDirectory() + "xmarquee-tickr-none-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: home) }
        let run = try TickerProcess(["--import-tickr", home + "/.tickr"], display: nil,
                                    environment: ["HOME": home, "XDG_CONFIG_HOME": home + "/.config"])
        XCTAssertEqual(run.waitForExit(timeout: 10), 5)
        XCTAssertEqual(run.standardError, "xmarquee: --import-tickr: cannot read Tickr's folder \"\(home)/.tickr\": No such file or directory\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: home + "/.config/xmarquee/config"))
    }
}
