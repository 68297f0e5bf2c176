import FeedReader
import FeedTestServer
import Foundation
import XCTest

/// Fetching against the tests' own HTTP server on 127.0.0.1: conditional requests, and each
/// hostile answer ends in a clear error within its limits.
final class FeedFetcherTests: XCTestCase {
    nonisolated(unsafe) static var server: FeedTestServer!

    override class func setUp() {
        server = try! FeedTestServer()
        server.serve("/rss.xml", headers: ["Content-Type": "application/rss+xml"], body: FeedFixtures.rss2)
        server.serve("/etag.xml", headers: ["ETag": "\"v1\""], body: FeedFixtures.atom)
        server.serve("/dated.xml", headers: ["Last-Modified": "Sat, 21 Nov 2026 10:00:00 GMT"], body: FeedFixtures.rdf)
        server.serve("/gone.xml", status: 500, body: "oops")
    }

    override class func tearDown() { server.stop() }

    private var server: FeedTestServer { Self.server }

    private func fetcher(timeout: Double = 10) -> FeedFetcher {
        var limits = FeedFetcher.Limits()
        limits.timeout = timeout
        return FeedFetcher(limits: limits)
    }

    private func failure(_ address: String, timeout: Double = 10) -> String {
        do {
            _ = try fetcher(timeout: timeout).fetch(address)
            return "no error"
        } catch {
            return error.description
        }
    }

    func testAPlainFetch() throws {
        guard case .body(let data, _, _) = try fetcher().fetch(server.url("/rss.xml")) else { return XCTFail() }
        XCTAssertEqual(try FeedParser.parse(data).items.count, 3)
        XCTAssertEqual(server.requests(to: "/rss.xml").last?.headers["user-agent"], "xmarquee-feed/0.1")
    }

    func testConditionalRequestsWithETagAndLastModified() throws {
        guard case .body(_, let etag, _) = try fetcher().fetch(server.url("/etag.xml")) else { return XCTFail() }
        XCTAssertEqual(etag, "\"v1\"")
        XCTAssertEqual(try fetcher().fetch(server.url("/etag.xml"), etag: etag), .notModified(etag: "\"v1\"", lastModified: ""))
        XCTAssertEqual(server.requests(to: "/etag.xml").last?.headers["if-none-match"], "\"v1\"")

        guard case .body(_, _, let date) = try fetcher().fetch(server.url("/dated.xml")) else { return XCTFail() }
        XCTAssertEqual(date, "Sat, 21 Nov 2026 10:00:00 GMT")
        guard case .notModified = try fetcher().fetch(server.url("/dated.xml"), lastModified: date) else { return XCTFail() }
    }

    func testHostileAnswersEndInOneClearError() {
        XCTAssertEqual(failure(server.url("/gone.xml")), "HTTP 500 Internal Server Error")
        XCTAssertEqual(failure(server.url("/missing.xml")), "HTTP 404 Not Found")
        XCTAssertEqual(failure(server.url("/loop")), "more than 10 redirects (a redirect loop?)")
        // A redirect to a local file is refused (URLSession on Linux may instead re-aim its path at
        // the same server): never the file's text.
        let toFile = failure(server.url("/to-file"))
        XCTAssertTrue(toFile == "redirected to a file address" || toFile == "HTTP 404 Not Found", toFile)
        XCTAssertTrue(failure("http://127.0.0.1:\(closedLocalPort())/feed.xml").contains("onnect"), "connection refused")
        XCTAssertEqual(failure("gopher://example.com/"), "unsupported scheme \"gopher\" (http, https and file are)")
    }

    func testFiftyMegabytesAreRefusedEarly() {
        for path in ["/huge.xml", "/huge-unannounced.xml"] {
            let start = Date()
            XCTAssertEqual(failure(server.url(path)), "the response is larger than 5 MB", path)
            XCTAssertLessThan(Date().timeIntervalSince(start), 5, path)
        }
    }

    func testASlowServerTimesOut() {
        let start = Date()
        XCTAssertEqual(failure(server.url("/slow.xml"), timeout: 2), "no complete answer within 2 s (timed out)")
        XCTAssertLessThan(Date().timeIntervalSince(start), 4)
    }

    func testFilesAreFeedsToo() throws {
        let path = NSTemporaryDirectory() + "xmarquee-feed-\(UUID().uuidString).xml"
        try FeedFixtures.atom.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        guard case .body(let data, let stamp, _) = try fetcher().fetch("file://" + path) else { return XCTFail() }
        XCTAssertEqual(try FeedParser.parse(data).format, .atom)
        XCTAssertEqual(try fetcher().fetch("file://" + path, etag: stamp), .notModified(etag: stamp, lastModified: ""))
        XCTAssertTrue(failure("file:///nonexistent/feed.xml").hasPrefix("cannot read /nonexistent/feed.xml"))
    }
}
