import FeedTestServer
import Foundation
import XCTest
@testable import DisplayTestSupport

/// `--exclude` and `--include` end to end: the real ticker with a feed and standard input,
/// asked through `ctl status` what it shows and what each filter held back.
final class FilterTests: XCTestCase {
    nonisolated(unsafe) static var server: XvfbServer!
    nonisolated(unsafe) static var feeds: FeedTestServer!

    override class func setUp() {
        server = try! XvfbServer(width: 900, height: 100)
        feeds = try! FeedTestServer()
        feeds.serve("/mixed.xml", body: """
            <?xml version="1.0"?><rss version="2.0"><channel><title>Mixed</title>
            <item><title>SPORT: cup final tonight</title></item>
            <item><title>Markets rally as tech stocks climb</title></item>
            <item><title>Sports roundup</title></item>
            <item><title>Transport strike ends</title></item>
            </channel></rss>
            """)
    }

    override class func tearDown() {
        server.stop()
        feeds.stop()
    }

    private func end(_ ticker: TickerProcess) {
        ticker.signal(SIGTERM)
        _ = ticker.waitForExit(timeout: 5)
        ticker.stop()
    }

    func testExcludedWordNeverShowsFromAFeedOrFromStandardInput() throws {
        let name = "filter-\(getpid())"
        let ticker = try TickerProcess(["--name", name, "--feed", Self.feeds.url("/mixed.xml"), "-", "--keep", "5",
                                        "--exclude", "sport", "--motion", "reduced", "--geometry", "800x40+0+0",
                                        "--font", "DejaVu Sans:size=14"],
                                       display: Self.server.display, withInput: true)
        defer { end(ticker) }
        ticker.input!.fileHandleForWriting.write(Data("Local sport results\nWeather: sunny\nsportsmanship award\n".utf8))
        var filters: [[String: Any]] = []
        XCTAssertTrue(waitUntil(timeout: 10) {
            filters = SourceTests.status(name)["filters"] as? [[String: Any]] ?? []
            return filters.first?["held"] as? Int == 4
        }, "\(filters) \(ticker.standardError)")
        XCTAssertEqual(filters.first?["filter"] as? String, "exclude sport")
        let shown = TickerControl.shownMessages(name, count: 3)
        XCTAssertEqual(shown, ["Markets rally as tech stocks climb", "Transport strike ends", "Weather: sunny"])
        XCTAssertEqual(ticker.standardError, "")
    }

    func testABadRegularExpressionIsAOneLineUsageError() throws {
        let ticker = try TickerProcess(["--exclude", "/sport(/", "text"], display: Self.server.display)
        XCTAssertEqual(ticker.waitForExit(timeout: 5), 2)
        let lines = ticker.standardError.split(separator: "\n")
        XCTAssertEqual(lines.count, 1, ticker.standardError)
        XCTAssertTrue(lines.first?.contains("--exclude \"/sport(/\"") == true, ticker.standardError)
    }
}
