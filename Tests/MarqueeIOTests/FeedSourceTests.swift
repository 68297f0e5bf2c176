import FeedTestServer
import Foundation
import MarqueeCore
import MarqueeIO
import XCTest

/// A feed on the loop through the real `xmarquee-feed` helper and the tests' HTTP server:
/// items with links arrive, refreshes are conditional, and each bad answer is one warning
/// naming the feed while the last good items stay.
final class FeedSourceTests: XCTestCase {
    nonisolated(unsafe) static var server: FeedTestServer!

    override class func setUp() {
        server = try! FeedTestServer()
        server.serve("/rss.xml", body: FeedFixtures.rss2)
        server.serve("/etag.xml", headers: ["ETag": "\"e1\""], body: FeedFixtures.rdf)
        server.serve("/page.html", headers: ["Content-Type": "text/html"], body: FeedFixtures.htmlPage)
    }

    override class func tearDown() { server.stop() }

    private func feed(_ url: String, refresh: Double? = nil, timeout: Double = 10, loop: EventLoop)
        throws -> (FeedSource, Box<[Message]?>, Box<[String]>) {
        var settings = FeedSource.Settings()
        settings.refresh = refresh
        settings.timeout = timeout
        let source = try FeedSource(name: "feed 0: \(url)", url: url, fetcher: builtExecutable("xmarquee-feed"), settings: settings)
        let items = Box<[Message]?>(nil)
        let warnings = Box<[String]>([])
        source.warn = { warnings.value.append($0) }
        return (source, items, warnings)
    }

    func testItemsArriveWithTheirLinks() throws {
        let loop = EventLoop()
        let (source, items, warnings) = try feed(Self.server.url("/rss.xml"), loop: loop)
        source.start(on: loop) { items.value = $0 }
        XCTAssertTrue(drive(loop, timeout: 10) { items.value != nil }, "\(warnings.value)")
        XCTAssertEqual(items.value?.map(\.text), ["Markets rally as tech stocks climb", "Tom & Jerry’s café — reopens", "An item with only a description"])
        XCTAssertEqual(items.value?.map(\.link), ["https://news.example.com/markets", "https://news.example.com/cafe?a=1&b=2", nil])
        XCTAssertEqual(source.lastDelay, 1800, accuracy: 90, "the feed's <ttl> of 30 minutes sets the refresh (plus up to 5 % jitter)")
        XCTAssertEqual(items.value?.map(\.markup), [false, false, false], "feed text is data, never read as formatting")
    }

    func testRefreshesAreConditional() throws {
        let loop = EventLoop()
        let (source, items, warnings) = try feed(Self.server.url("/etag.xml"), refresh: 1, loop: loop)
        source.start(on: loop) { items.value = $0 }
        XCTAssertTrue(drive(loop, timeout: 10) { items.value != nil })
        items.value = nil
        XCTAssertTrue(drive(loop, timeout: 10) { Self.server.requests(to: "/etag.xml").count >= 3 })
        let conditional = Self.server.requests(to: "/etag.xml").dropFirst()
        XCTAssertTrue(conditional.allSatisfy { $0.headers["if-none-match"] == "\"e1\"" })
        XCTAssertNil(items.value, "304: nothing to redo")
        XCTAssertEqual(warnings.value, [])
    }

    func testEachBadAnswerIsOneWarningAndTheLastItemsStay() throws {
        let cases: [(path: String, reason: String)] = [
            ("/broken.xml", "not well-formed (line 2: "),
            ("/page.html", "an HTML page, not a feed"),
            ("/huge.xml", "the response is larger than 5 MB"),
            ("/loop", "more than 10 redirects (a redirect loop?)"),
            ("/slow.xml", "no complete answer within 2 s (timed out)"),
        ]
        Self.server.serve("/broken.xml", body: FeedFixtures.malformed)
        for (path, reason) in cases {
            let loop = EventLoop()
            // The address serves a good feed first, then turns bad.
            let flip = "/flip\(path.replacingOccurrences(of: "/", with: "-"))"
            Self.server.serve(flip, body: FeedFixtures.atom)
            let (source, items, warnings) = try feed(Self.server.url(flip), refresh: 1, timeout: 2, loop: loop)
            source.start(on: loop) { items.value = $0 }
            XCTAssertTrue(drive(loop, timeout: 10) { items.value != nil }, path)
            let good = items.value
            switch path {
            case "/broken.xml": Self.server.serve(flip, body: FeedFixtures.malformed)
            case "/page.html": Self.server.serve(flip, body: FeedFixtures.htmlPage)
            default: Self.server.serve(flip, status: 302, headers: ["Location": Self.server.url(path)], body: "")
            }
            XCTAssertTrue(drive(loop, timeout: 15) { !warnings.value.isEmpty }, path)
            XCTAssertEqual(warnings.value.count, 1, path)
            XCTAssertTrue(warnings.value[0].hasPrefix("feed \"\(Self.server.url(flip))\": \(reason)"), warnings.value[0])
            XCTAssertTrue(warnings.value[0].hasSuffix("; keeping the last items"))
            XCTAssertEqual(items.value, good, "the last good items stay")
        }
    }

    /// A feed that is not well-formed is shown as recovered, with one warning naming the feed
    /// and the first problem, said again only when the problem changes.
    func testARecoveredFeedIsShownWithOneWarningUntilItsProblemChanges() throws {
        Self.server.serve("/recoverable.xml", body: FeedFixtures.recoverable)
        let loop = EventLoop()
        let url = Self.server.url("/recoverable.xml")
        let (source, items, warnings) = try feed(url, refresh: 1, loop: loop)
        source.start(on: loop) { items.value = $0 }
        XCTAssertTrue(drive(loop, timeout: 10) { items.value != nil }, "\(warnings.value)")
        XCTAssertEqual(items.value?.map(\.text), ["Café opens", "Second"])
        XCTAssertEqual(items.value?.map(\.link), ["https://news.example.com/?a=1&b=2", nil])
        XCTAssertEqual(warnings.value, ["feed \"\(url)\": not well-formed (line 3: Entity 'eacute' not defined): shown as recovered"])
        XCTAssertTrue(drive(loop, timeout: 10) { Self.server.requests(to: "/recoverable.xml").count >= 3 })
        XCTAssertEqual(warnings.value.count, 1, "the same problem again: no new line")
        Self.server.serve("/recoverable.xml", body: "<rss><channel><item><title>A &mdash; B</title></item></channel></rss>")
        XCTAssertTrue(drive(loop, timeout: 10) { warnings.value.count == 2 })
        XCTAssertEqual(warnings.value.last, "feed \"\(url)\": not well-formed (line 1: Entity 'mdash' not defined): shown as recovered")
        XCTAssertEqual(items.value?.map(\.text), ["A — B"])
    }

    /// The helper starts under an address-space limit: a stand-in fetcher reports its own.
    func testTheFetcherRunsUnderAnAddressSpaceLimit() throws {
        try Sanitizer.skip("a sanitized build runs its helpers without the limit (their shadow memory needs terabytes)")
        let script = NSTemporaryDirectory() + "xmarquee-fetcher-\(UUID().uuidString).sh"
        try "#!/bin/sh\nprintf 'error\\tlimit %s kB\\n' \"$(ulimit -v)\"\n".write(toFile: script, atomically: true, encoding: .utf8)
        chmod(script, 0o755)
        defer { unlink(script) }
        let loop = EventLoop()
        let source = try FeedSource(name: "feed", url: "http://example.invalid/", fetcher: script, settings: .init())
        let warnings = Box<[String]>([])
        source.warn = { warnings.value.append($0) }
        source.start(on: loop) { _ in }
        XCTAssertTrue(drive(loop, timeout: 10) { !warnings.value.isEmpty })
        XCTAssertEqual(warnings.value.first, "feed \"http://example.invalid/\": limit \(FeedSource.helperAddressSpace >> 10) kB; keeping the last items")
    }

    func testAnUnreachableHostBacksOff() throws {
        let loop = EventLoop()
        let url = "http://127.0.0.1:\(closedLocalPort())/feed.xml"
        let (source, items, warnings) = try feed(url, refresh: 1, loop: loop)
        source.start(on: loop) { items.value = $0 }
        XCTAssertTrue(drive(loop, timeout: 10) { !warnings.value.isEmpty })
        XCTAssertTrue(warnings.value[0].hasPrefix("feed \"\(url)\": Failed to connect"), warnings.value[0])
        XCTAssertNil(items.value)
        XCTAssertEqual(source.lastDelay, 1)
        XCTAssertEqual(FeedSource.retryDelay(failures: 1, refresh: 900), 60)
        XCTAssertEqual(FeedSource.retryDelay(failures: 3, refresh: 900), 240)
        XCTAssertEqual(FeedSource.retryDelay(failures: 30, refresh: 900), 3600)
        XCTAssertEqual(FeedSource.retryDelay(failures: 4, refresh: 1), 8)
    }

    func testProxiesFromTheEnvironmentAreUsed() throws {
        // The child inherits our environment: with http_proxy set, it asks the proxy (our server)
        // for the full URL of a host that does not exist.
        setenv("http_proxy", "http://127.0.0.1:\(Self.server.port)", 1)
        defer { unsetenv("http_proxy") }
        let loop = EventLoop()
        let (source, items, warnings) = try feed("http://feeds.example.invalid/rss.xml", loop: loop)
        source.start(on: loop) { items.value = $0 }
        XCTAssertTrue(drive(loop, timeout: 10) { items.value != nil || !warnings.value.isEmpty })
        XCTAssertEqual(items.value?.count, 3, "\(warnings.value)")
        XCTAssertTrue(Self.server.requests.contains { $0.target == "http://feeds.example.invalid/rss.xml" })
    }
}
