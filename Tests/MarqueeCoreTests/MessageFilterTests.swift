import MarqueeCore
import XCTest

final class MessageFilterTests: XCTestCase {
    func testPatternsAreWordsOrSlashedRegularExpressions() throws {
        XCTAssertEqual(try FilterPattern(parsing: " world   cup "), .words("world cup"))
        XCTAssertEqual(try FilterPattern(parsing: "/^ad:/i"), .regex("^ad:", ignoreCase: true))
        XCTAssertEqual(try FilterPattern(parsing: "/a/b/"), .regex("a/b", ignoreCase: false))
        XCTAssertEqual(try FilterPattern(parsing: "/"), .words("/"), "a lone slash is a word")
        // Space around a pattern is not part of it, so what a pattern prints reads back as itself
        // (the fuzzer's find: words that began with a slash after a space read back as an expression).
        XCTAssertEqual(try FilterPattern(parsing: " /sport/i "), .regex("sport", ignoreCase: true))
        let spaced = try FilterPattern(parsing: " /^7\u{3}\u{FFFD}rl/")
        XCTAssertEqual(try FilterPattern(parsing: spaced.description), spaced)
        for bad in ["", "  ", "/abc", "//", "/x/g"] {
            XCTAssertThrowsError(try FilterPattern(parsing: bad), bad)
        }
    }

    func testWordsMatchWhereAWordStartsInAnyCase() {
        let sport = WordMatcher("sport")
        XCTAssertTrue(sport.matches("SPORT: cup final"))
        XCTAssertTrue(sport.matches("Weekend sports roundup"))
        XCTAssertFalse(sport.matches("Transport strike ends"))
        XCTAssertTrue(WordMatcher("world cup").matches("The World Cup final"))
        XCTAssertFalse(WordMatcher("world cup").matches("world  cup"), "words in a row, as written")
        XCTAssertTrue(WordMatcher("élan").matches("Un ÉLAN nouveau"))
    }

    private struct Contains: TextMatcher {
        let part: String
        func matches(_ text: String) -> Bool { text.contains(part) }
    }

    func testAnExcludeWinsAndIncludesHoldBackTogether() {
        let filter = MessageFilter(rules: [
            .init(label: "exclude b", excludes: true, matcher: Contains(part: "b")),
            .init(label: "include a | c", excludes: false, matcher: Contains(part: "a")),
            .init(label: "include a | c", excludes: false, matcher: Contains(part: "c")),
        ])
        let (shown, held) = filter.apply(["ab", "a", "c", "d", "e", "cb"].map { Message($0) }) { $0.text }
        XCTAssertEqual(shown.map(\.text), ["a", "c"])
        XCTAssertEqual(held, ["exclude b": 2, "include a | c": 2])
        XCTAssertEqual(MessageFilter(rules: []).apply([Message("x")]) { $0.text }.shown.map(\.text), ["x"])
    }
}
