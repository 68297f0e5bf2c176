import MarqueeFormats
import XCTest

final class FilterPatternTests: XCTestCase {
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
}
