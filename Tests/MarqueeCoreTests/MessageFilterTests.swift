import MarqueeCore
import XCTest

final class MessageFilterTests: XCTestCase {
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
