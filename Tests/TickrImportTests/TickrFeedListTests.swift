@testable import TickrImport
import XCTest

/// Tickr's feed list read as Tickr reads it (`*`/`-`, a three-character rank, the address, `>`
/// and the title), and every line that cannot be a feed said once, never a crash.
final class TickrFeedListTests: XCTestCase {
    func list(_ text: String) -> TickrFeedList { TickrFeedList(bytes: Array(text.utf8)) }

    func testTickrsOwnLinesGiveAddressTitleAndSelection() {
        let read = list("""
            *  0https://cneos.jpl.nasa.gov/feed/news.xml>CNEOS Recent News
            -  0http://feeds.bbci.co.uk/news/business/rss.xml?edition=int>BBC News - Business
            * 12https://example.org/a>A
            *123https://example.org/b>B

            """)
        XCTAssertEqual(read.feeds, [
            TickrFeed(url: "https://cneos.jpl.nasa.gov/feed/news.xml", title: "CNEOS Recent News", selected: true),
            TickrFeed(url: "http://feeds.bbci.co.uk/news/business/rss.xml?edition=int", title: "BBC News - Business", selected: false),
            TickrFeed(url: "https://example.org/a", title: "A", selected: true),
            TickrFeed(url: "https://example.org/b", title: "B", selected: true),
        ])
        XCTAssertEqual(read.problems, [])
    }

    func testTheTitleStartsAtTheFirstGreaterThanAndKeepsTheRest() {
        let read = list("*  0https://rss.nytimes.com/services/xml/rss/nyt/World.xml>NYT > World News >> more\n")
        XCTAssertEqual(read.feeds.first?.url, "https://rss.nytimes.com/services/xml/rss/nyt/World.xml")
        XCTAssertEqual(read.feeds.first?.title, "NYT > World News >> more")
    }

    func testNoTitleAndAnEmptyTitleAreNone() {
        XCTAssertEqual(list("*  0https://example.org/feed\n-  0https://example.org/x>\n").feeds, [
            TickrFeed(url: "https://example.org/feed", title: nil, selected: true),
            TickrFeed(url: "https://example.org/x", title: nil, selected: false),
        ])
    }

    func testCRLFNoFinalNewlineAndTrailingSpaces() {
        let read = list("*  0https://example.org/a>Kotimaa - Helsingin Sanomat \r\n-  0https://example.org/b>B")
        XCTAssertEqual(read.feeds.map(\.title), ["Kotimaa - Helsingin Sanomat", "B"])
        XCTAssertEqual(read.feeds.map(\.url), ["https://example.org/a", "https://example.org/b"])
    }

    func testAHandEditedLineWithoutRankStillReads() {
        XCTAssertEqual(list("*https://example.org/feed>Mine\n").feeds,
                       [TickrFeed(url: "https://example.org/feed", title: "Mine", selected: true)])
    }

    func testLinesTickrIgnoresAreIgnoredAndBrokenOnesSaid() {
        let read = list("""
            # my feeds
            https://example.org/no-marker
            *
            -  0
            *  0>Only a title
            *  0https://exa mple.org/>Space
            *  0https://example.org/ok>OK

            """)
        XCTAssertEqual(read.feeds.map(\.url), ["https://example.org/ok"])
        XCTAssertEqual(read.problems, [
            "line 3: no address, skipped", "line 4: no address, skipped", "line 5: no address, skipped",
            "line 6: the address holds spaces or control characters, skipped",
        ])
    }

    func testAHugeLineIsSaidAndTheNextStillRead() {
        let huge = "*  0https://example.org/" + String(repeating: "a", count: 100_000) + ">Huge\n"
        let read = list(huge + "*  0https://example.org/next>Next\n")
        XCTAssertEqual(read.feeds.map(\.title), ["Next"])
        XCTAssertEqual(read.problems, ["line 1: longer than 8 kB, skipped"])
    }

    func testNotUTF8() {
        // A Latin-1 title (a hand edit) keeps its readable part; an address that is not UTF-8 is no address.
        var bytes = Array("*  0https://example.org/a>Caf".utf8) + [0xE9] + Array(" du monde\n".utf8)
        bytes += Array("*  0https://example.org/".utf8) + [0xFF, 0xFE] + Array(">Bad\n".utf8)
        let read = TickrFeedList(bytes: bytes)
        XCTAssertEqual(read.feeds.map(\.title), ["Caf\u{FFFD} du monde"])
        XCTAssertEqual(read.problems, ["line 1: the title is not UTF-8 (kept, its bad bytes shown as �)",
                                       "line 2: the address is not UTF-8, skipped"])
    }

    func testControlCharactersInATitleBecomeSpacesAndNULsDoNotCutIt() {
        let read = TickrFeedList(bytes: Array("*  0https://example.org/a>A\u{1}B\tC".utf8) + [0] + Array("D\n".utf8))
        XCTAssertEqual(read.feeds.first?.title, "A B C D")
    }

    func testEmptyAndBinaryInputNeverFail() {
        XCTAssertEqual(list("").feeds, [])
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            let bytes = (0..<Int.random(in: 0..<400, using: &generator)).map { _ in
                [UInt8(ascii: "*"), UInt8(ascii: "-"), UInt8(ascii: ">"), 0x0A, 0x0D, 0x20, 0x30, 0xC3, 0xFF, 0x68].randomElement(using: &generator)!
            }
            let read = TickrFeedList(bytes: bytes)
            for feed in read.feeds { XCTAssertFalse(feed.url.isEmpty) }
        }
    }
}
