import FeedReader
import FeedTestServer
import Foundation
import XCTest

/// What an answer says about asking again, read from every hop's headers by a real transfer:
/// where permanent redirects lead (only a run of them from the start), Retry-After as seconds
/// or an HTTP date, Cache-Control's max-age among other directives.
final class ResponseFactsTests: XCTestCase {
    func testPermanentRedirectsRetryAfterAndMaxAge() throws {
        let server = try FeedTestServer()
        defer { server.stop() }
        server.serve("/a.xml", status: 301, headers: ["Location": "/b.xml"], body: "")
        server.serve("/b.xml", status: 308, headers: ["Location": server.url("/c.xml")], body: "")
        server.serve("/c.xml", headers: ["Cache-Control": "public, s-maxage=60, max-age=\"7200\""], body: FeedFixtures.rss2)
        server.serve("/temporary.xml", status: 302, headers: ["Location": "/a.xml"], body: "")
        let date = Date().addingTimeInterval(7200)
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        server.serve("/busy.xml", status: 503, headers: ["Retry-After": formatter.string(from: date)], body: "")
        server.serve("/limited.xml", status: 429, headers: ["Retry-After": " 120 "], body: "")

        let moved = FeedFetcher().exchange(server.url("/a.xml"))
        XCTAssertEqual(moved.response, ResponseFacts(status: 200, permanentAddress: server.url("/c.xml"), maxAge: 7200))
        guard case .success(.body(let document)) = moved.result else { return XCTFail("\(moved.result)") }
        XCTAssertEqual(document.address, server.url("/c.xml"))

        let viaTemporary = FeedFetcher().exchange(server.url("/temporary.xml"))
        XCTAssertNil(viaTemporary.response?.permanentAddress, "a 302 first: nothing is permanent")

        let busy = FeedFetcher().exchange(server.url("/busy.xml"))
        XCTAssertEqual(busy.response?.status, 503)
        XCTAssertEqual(Double(busy.response?.retryAfter ?? 0), 7200, accuracy: 5, "an HTTP date, as seconds from now")
        guard case .failure(let error) = busy.result else { return XCTFail() }
        XCTAssertEqual(error.description, "HTTP 503 Service Unavailable")

        XCTAssertEqual(FeedFetcher().exchange(server.url("/limited.xml")).response, ResponseFacts(status: 429, retryAfter: 120))
        XCTAssertNil(FeedFetcher().exchange("file:///nonexistent/feed.xml").response, "a file has no HTTP answer")
    }

    /// libcurl refuses to follow a redirect out of http(s); the facts must not remember it either.
    func testAPermanentRedirectOffTheWebIsNotAPermanentAddress() throws {
        let server = try FeedTestServer()
        defer { server.stop() }
        server.serve("/next.xml", body: FeedFixtures.rss2)
        for status in [301, 308] {
            for target in ["file:///etc/hostname", "FILE:/etc/hostname", "ftp://127.0.0.1/feed.xml", "data:text/xml,%3Crss/%3E"] {
                server.serve("/away.xml", status: status, headers: ["Location": target], body: "")
                let exchange = FeedFetcher().exchange(server.url("/away.xml"))
                XCTAssertEqual(exchange.response, ResponseFacts(status: status), "\(status) to \(target)")
                guard case .failure(let error) = exchange.result else { return XCTFail("\(status) to \(target) was followed") }
                XCTAssertTrue(error.description.hasPrefix("redirected to a "), error.description)
            }
            // Through a move on the web first: the chain still ends off it.
            server.serve("/first.xml", status: status, headers: ["Location": "/away.xml"], body: "")
            XCTAssertNil(FeedFetcher().exchange(server.url("/first.xml")).response?.permanentAddress)
            server.serve("/relative.xml", status: status, headers: ["Location": "next.xml"], body: "")
            XCTAssertEqual(FeedFetcher().exchange(server.url("/relative.xml")).response?.permanentAddress, server.url("/next.xml"))
        }
    }
}
