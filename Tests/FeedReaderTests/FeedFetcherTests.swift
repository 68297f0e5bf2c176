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
        guard case .body(let document) = try fetcher().fetch(server.url("/rss.xml")) else { return XCTFail() }
        XCTAssertEqual(try FeedParser.parse(document.data).items.count, 3)
        XCTAssertEqual(document.contentType, "application/rss+xml")
        XCTAssertEqual(document.address, server.url("/rss.xml"))
        XCTAssertEqual(server.requests(to: "/rss.xml").last?.headers["user-agent"], "xmarquee-feed/0.1")
    }

    func testConditionalRequestsWithETagAndLastModified() throws {
        guard case .body(let first) = try fetcher().fetch(server.url("/etag.xml")) else { return XCTFail() }
        let etag = first.etag
        XCTAssertEqual(etag, "\"v1\"")
        XCTAssertEqual(try fetcher().fetch(server.url("/etag.xml"), etag: etag), .notModified(etag: "\"v1\"", lastModified: ""))
        XCTAssertEqual(server.requests(to: "/etag.xml").last?.headers["if-none-match"], "\"v1\"")

        guard case .body(let dated) = try fetcher().fetch(server.url("/dated.xml")) else { return XCTFail() }
        let date = dated.lastModified
        XCTAssertEqual(date, "Sat, 21 Nov 2026 10:00:00 GMT")
        guard case .notModified = try fetcher().fetch(server.url("/dated.xml"), lastModified: date) else { return XCTFail() }
    }

    func testHostileAnswersEndInOneClearError() {
        XCTAssertEqual(failure(server.url("/gone.xml")), "HTTP 500 Internal Server Error")
        XCTAssertEqual(failure(server.url("/missing.xml")), "HTTP 404 Not Found")
        XCTAssertEqual(failure(server.url("/loop")), "more than 10 redirects (a redirect loop?)")
        // A redirect to a local file is refused: never the file's text.
        XCTAssertEqual(failure(server.url("/to-file")), "redirected to a file address")
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

    /// 2 GB of zeros compressed to about 2 MB: the cap counts what libcurl inflates, so the
    /// transfer stops at 5 MB decoded, at once (the helper's own memory is measured in
    /// `HelperLimitTests`).
    func testCompressionBombsStopAtTheCap() {
        for path in ["/bomb.gz", "/bomb.deflate", "/bomb.br"] {
            let start = Date()
            XCTAssertEqual(failure(server.url(path)), "the response is larger than 5 MB", path)
            XCTAssertLessThan(Date().timeIntervalSince(start), 2, path)
        }
        XCTAssertTrue(server.requests(to: "/bomb.gz").last?.headers["accept-encoding"]?.contains("gzip") == true)
    }

    /// A sparse file of 64 GB: refused from its size alone (reading it would take minutes).
    func testAFileOverTheCapIsRefusedBeforeItIsRead() throws {
        let path = NSTemporaryDirectory() + "xmarquee-huge-\(UUID().uuidString).xml"
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data("<rss>".utf8)))
        defer { try? FileManager.default.removeItem(atPath: path) }
        XCTAssertEqual(truncate(path, 64 << 30), 0)
        let start = Date()
        XCTAssertEqual(failure("file://" + path), "larger than 5 MB")
        XCTAssertLessThan(Date().timeIntervalSince(start), 0.5)
        XCTAssertEqual(failure("file:///dev/zero"), "/dev/zero is not a regular file")
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
        guard case .body(let document) = try fetcher().fetch("file://" + path) else { return XCTFail() }
        let stamp = document.etag
        XCTAssertEqual(try FeedParser.parse(document.data).format, .atom)
        XCTAssertEqual(try fetcher().fetch("file://" + path, etag: stamp), .notModified(etag: stamp, lastModified: ""))
        XCTAssertTrue(failure("file:///nonexistent/feed.xml").hasPrefix("cannot read /nonexistent/feed.xml"))
    }
}
