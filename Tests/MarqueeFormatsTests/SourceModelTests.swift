import MarqueeFormats
import XCTest

/// Command splitting and the feed pipe's records.
final class SourceModelTests: XCTestCase {
    func testCommandsSplitLikeShellWordsWithoutAShell() throws {
        XCTAssertEqual(try CommandWords.split("date +%T"), ["date", "+%T"])
        XCTAssertEqual(try CommandWords.split("  echo   'a  b'  \"c \\\"d\\\" $HOME\" e\\ f "), ["echo", "a  b", "c \"d\" $HOME", "e f"])
        XCTAssertEqual(try CommandWords.split("sh -c 'uptime | cut -d, -f1'"), ["sh", "-c", "uptime | cut -d, -f1"])
        XCTAssertEqual(try CommandWords.split("printf '' x''y"), ["printf", "", "xy"])
        XCTAssertEqual(try CommandWords.split("echo *; rm -rf /"), ["echo", "*;", "rm", "-rf", "/"], "no globbing, no command lists")
        XCTAssertThrowsError(try CommandWords.split("echo 'open"))
        XCTAssertThrowsError(try CommandWords.split("echo \"open"))
        XCTAssertThrowsError(try CommandWords.split("   "))
    }

    func testFeedRecordsRoundTripAnyText() {
        let records: [FeedRecord] = [
            .item(title: "Tabs\tand\nnew lines\r\\ back\\slash \\t", link: "https://example.com/a?b=1&c=2"),
            .item(title: "No link", link: ""),
            .feed(url: "file:///tmp/x.xml"),
            .ok(.init(etag: "\"abc\"", lastModified: "Sat, 21 Nov 2026 15:00:00 GMT", ttl: 600)),
            .notModified(.init(etag: "W/\"1\"", lastModified: "", ttl: nil)),
            .error("HTTP 500 Internal Server Error"),
        ]
        for record in records {
            let line = record.line
            XCTAssertTrue(line.hasSuffix("\n"))
            XCTAssertEqual(line.filter { $0 == "\n" }.count, 1, "one record, one line")
            XCTAssertEqual(FeedRecord(line: String(line.dropLast())), record)
        }
        XCTAssertNil(FeedRecord(line: "garbage"))
        XCTAssertNil(FeedRecord(line: "item\tonly a title"))
    }
}
