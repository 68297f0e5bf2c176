import XCTest
@testable import MarqueeCore
import MarqueeFormats

final class TextSanitizerTests: XCTestCase {
    func testInvalidUTF8BecomesReplacementCharacters() {
        let text = TextSanitizer.decode([0x41, 0xFF, 0x42, 0xC3, 0x28, 0xE2, 0x82])
        XCTAssertEqual(Array(text.unicodeScalars).first, "A")
        XCTAssertTrue(text.unicodeScalars.contains("\u{FFFD}"))
        XCTAssertTrue(text.contains("B"))
    }

    func testControlCharactersDoNotReachTheLine() {
        XCTAssertEqual(TextSanitizer.singleLine("a\tb\nc\u{07}d\u{1B}[0m"), "a b cd[0m")
        XCTAssertEqual(TextSanitizer.singleLine("plain"), "plain")
    }

    func testFileLinesBecomeMessages() {
        XCTAssertEqual(TextSanitizer.messages(fromLines: Array("one\n\n  \r\ntwo\r\nthree".utf8)), ["one", "two", "three"])
    }

    func testLineAssemblerJoinsPiecesAndKeepsTheLatest() {
        var lines = LineAssembler(keep: 2)
        XCTAssertFalse(lines.append(Array("hel".utf8)))
        XCTAssertTrue(lines.append(Array("lo\r\nwor".utf8)))
        XCTAssertEqual(lines.lines, ["hello"])
        XCTAssertTrue(lines.append(Array("ld\nthird\n".utf8)))
        XCTAssertEqual(lines.lines, ["world", "third"])
        XCTAssertFalse(lines.append(Array("\n".utf8)), "an empty line changes nothing")
        XCTAssertFalse(lines.finish())
    }

    func testLineAssemblerKeepsALastLineWithoutNewlineAtEnd() {
        var lines = LineAssembler(keep: 1)
        _ = lines.append(Array("first\nlast".utf8))
        XCTAssertEqual(lines.lines, ["first"])
        XCTAssertTrue(lines.finish())
        XCTAssertEqual(lines.lines, ["last"])
    }

    /// A stream with no line break (`- < /dev/zero`) is cut into lines of the longest length, at
    /// a character's start, instead of growing without bound.
    func testLineAssemblerCutsAnEndlessLine() {
        var lines = LineAssembler(keep: 3, longestLine: 8)
        XCTAssertTrue(lines.append(Array("abcdefg€xy".utf8))) // € is three bytes, at 7...9: cut before it
        XCTAssertEqual(lines.lines, ["abcdefg"])
        XCTAssertTrue(lines.append(Array("123456".utf8)))
        XCTAssertEqual(lines.lines, ["abcdefg", "€xy123"])
        XCTAssertTrue(lines.finish())
        XCTAssertEqual(lines.lines, ["abcdefg", "€xy123", "456"])
    }

    /// Standard input's way: an overlong line is shown cut at a character's start and the rest
    /// of it, up to its newline, is left out, so a stream with no newline is never held whole.
    func testLineAssemblerCutsAnOverlongLineAndLeavesOutItsRest() {
        var lines = LineAssembler(keep: 2, longestLine: 8, overlong: .cut)
        XCTAssertTrue(lines.append(Array("abcdefg€xy".utf8))) // € is three bytes, at 7...9: cut before it
        XCTAssertEqual(lines.lines, ["abcdefg"])
        XCTAssertEqual(lines.cutLines, 1)
        XCTAssertFalse(lines.append(Array(String(repeating: "z", count: 1000).utf8)), "the rest is left out")
        XCTAssertTrue(lines.append(Array("zz\nnext\n".utf8)))
        XCTAssertEqual(lines.lines, ["abcdefg", "next"])
        XCTAssertEqual(lines.cutLines, 1)
        XCTAssertTrue(lines.append(Array("exactly8\n".utf8)), "a line of exactly the limit is whole")
        XCTAssertEqual(lines.lines, ["next", "exactly8"])
        XCTAssertEqual(lines.cutLines, 1)
        XCTAssertFalse(lines.finish())
    }

    func testLineAssemblerKeepsItsLinesWithinTheirBytes() {
        var lines = LineAssembler(keep: 5, keptBytes: 10)
        _ = lines.append(Array("12345678\nabcd\n".utf8))
        XCTAssertEqual(lines.lines, ["abcd"], "the oldest goes first once the lines pass 10 bytes")
        _ = lines.append(Array("xyz\n".utf8))
        XCTAssertEqual(lines.lines, ["abcd", "xyz"])
        _ = lines.append(Array("a line longer than all of that\n".utf8))
        XCTAssertEqual(lines.lines, ["a line longer than all of that"], "the latest line always stays")
    }

    func testLineAssemblerDecodesInvalidUTF8() {
        var lines = LineAssembler(keep: 1)
        _ = lines.append([0x61, 0xFE, 0x0A])
        XCTAssertEqual(lines.lines, ["a\u{FFFD}"])
    }

    /// The layout (MarqueeCore's `displayed`, on its hot path) and the sanitizer state one rule
    /// twice, since neither module may import the other: every scalar of the first three planes
    /// and the last stands the same in both.
    func testTheLayoutKeepsTheSanitizersRule() {
        let ranges: [ClosedRange<UInt32>] = [0...0xD7FF, 0xE000...0x3FFFF, 0x10FF00...0x10FFFF]
        let differing = ranges.joined().filter { value in
            let scalar = Unicode.Scalar(value)!
            let bytes = Array(String(scalar).utf8)
            return Array(UTF8ScalarSequence(bytes: bytes, range: 0..<bytes.count)) != (TextSanitizer.displayed(scalar).map { [$0] } ?? [])
        }
        XCTAssertEqual(differing.map { String($0, radix: 16) }, [])
    }
}
