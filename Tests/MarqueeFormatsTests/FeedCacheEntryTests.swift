import Foundation
import MarqueeFormats
import XCTest

/// The feed cache's file format: what is written is read back, and a file cut short, damaged or
/// written for another address is refused (the ticker then ignores it with one warning).
final class FeedCacheEntryTests: XCTestCase {
    func testAnEntryIsReadBackAsWritten() throws {
        var entry = FeedCacheEntry(url: "https://example.com/rss", fetchedAt: 1_795_000_000.25)
        entry.status = 200
        entry.validators = .init(etag: "W/\"a\tb\"", lastModified: "Tue, 24 Nov 2026 10:00:00 GMT", ttl: 1800)
        entry.movedTo = "https://example.org/rss"
        entry.notBefore = 1_795_003_600
        entry.maxAge = 600
        entry.title = "World"
        entry.descriptions = true
        entry.items = [.init(text: "One\nline", link: "https://example.com/1"), .init(text: "Two", link: "")]
        XCTAssertEqual(try FeedCacheEntry(text: entry.text, url: entry.url), entry)
        var gone = FeedCacheEntry(url: "u", fetchedAt: 1)
        gone.gone = true
        XCTAssertEqual(try FeedCacheEntry(text: gone.text, url: "u"), gone)
    }

    func testAForeignCutOrDamagedFileIsRefused() {
        let entry = FeedCacheEntry(url: "https://example.com/rss", fetchedAt: 1)
        XCTAssertThrowsError(try FeedCacheEntry(text: entry.text, url: "https://other.example/rss")) {
            XCTAssertEqual($0 as? FeedCacheEntry.ReadError, .foreign)
        }
        XCTAssertThrowsError(try FeedCacheEntry(text: "<?xml version=\"1.0\"?>", url: entry.url))
        XCTAssertThrowsError(try FeedCacheEntry(text: entry.text.replacingFirst("\t1\t", "\t9\t"), url: entry.url)) {
            XCTAssertEqual($0 as? FeedCacheEntry.ReadError, .foreign, "another version")
        }
        XCTAssertThrowsError(try FeedCacheEntry(text: String(entry.text.dropLast(4)), url: entry.url)) {
            XCTAssertEqual($0 as? FeedCacheEntry.ReadError, .corrupt(line: 4), "cut before its end")
        }
        XCTAssertThrowsError(try FeedCacheEntry(text: entry.text.replacingFirst("fetched\t1", "fetched\tsoon"), url: entry.url)) {
            XCTAssertEqual($0 as? FeedCacheEntry.ReadError, .corrupt(line: 2))
        }
    }

    func testTheFileStaysWithinItsBound() throws {
        var entry = FeedCacheEntry(url: "u", fetchedAt: 1)
        entry.items = Array(repeating: .init(text: String(repeating: "x", count: 10_000), link: ""), count: 200)
        XCTAssertLessThanOrEqual(entry.text.utf8.count, FeedCacheEntry.byteLimit)
        let read = try FeedCacheEntry(text: entry.text, url: "u")
        XCTAssertEqual(read.items.count, 104)
    }

    func testASubscriptionCarriesItsOwnSettings() throws {
        let feed = try FeedSubscription(parsing: "https://example.com/rss title='World News' refresh=600 descriptions=true colour=#8cf")
        XCTAssertEqual(feed.url, "https://example.com/rss")
        XCTAssertEqual(feed.title, "World News")
        XCTAssertEqual(feed.refresh, 600)
        XCTAssertEqual(feed.descriptions, true)
        XCTAssertEqual(feed.colour, "#8cf")
        XCTAssertEqual(try FeedSubscription(parsing: "https://example.com/rss"), FeedSubscription(url: "https://example.com/rss"))
        for bad in ["https://x/ refresh=0", "https://x/ colour=red", "https://x/ volume=3", "https://x/ title", "https://x/ title='open"] {
            XCTAssertThrowsError(try FeedSubscription(parsing: bad), bad)
        }
    }

    func testStatusShowsEachFeedsState() {
        var report = StatusReport()
        report.sources = [.init(name: "feed 0: u", lastSuccess: 5,
                                feed: .init(address: "https://x/", httpStatus: 304, fromCache: true, gone: false, nextFetch: 1_795_000_900)),
                          .init(name: "clock")]
        XCTAssertTrue(report.json.contains(
            "{\"name\":\"feed 0: u\",\"lastSuccess\":5,\"lastError\":null,\"lastErrorTime\":null,\"address\":\"https://x/\",\"httpStatus\":304,\"fromCache\":true,\"gone\":false,\"nextFetch\":1795000900}"),
            report.json)
        XCTAssertTrue(report.json.contains("{\"name\":\"clock\",\"lastSuccess\":null,\"lastError\":null,\"lastErrorTime\":null}"))
    }
}

private extension String {
    func replacingFirst(_ target: String, _ replacement: String) -> String {
        guard let range = range(of: target) else { return self }
        return replacingCharacters(in: range, with: replacement)
    }
}
