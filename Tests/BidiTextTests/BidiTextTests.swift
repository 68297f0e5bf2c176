import BidiText
import XCTest

/// The bidirectional algorithm as FriBidi runs it: the directional runs of a line and their
/// order on screen. Shaping, mirroring and joining are HarfBuzz's (see the shaping tests); here
/// a right-to-left run is only read backwards, so the expected lines stay readable.
final class BidiTextTests: XCTestCase {
    /// The line as the runs put it on screen (a right-to-left run's characters reversed),
    /// checking on the way that the runs cover every character exactly once.
    private func visual(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> String {
        let input = Array(text.unicodeScalars)
        let runs = BidiText.runs(input)
        let covered = runs.flatMap { Array($0.range) }.sorted()
        XCTAssertEqual(covered, Array(input.indices), "every character in exactly one run", file: file, line: line)
        var shown = String.UnicodeScalarView()
        for run in runs {
            let characters = input[run.range]
            shown.append(contentsOf: run.rightToLeft ? Array(characters.reversed()) : Array(characters))
        }
        return String(shown)
    }

    func testHebrewWordIsOneRightToLeftRun() {
        XCTAssertEqual(BidiText.runs(Array("שלום".unicodeScalars)), [BidiText.Run(range: 0..<4, rightToLeft: true)])
        XCTAssertEqual(visual("שלום"), "םולש")
    }

    func testHebrewInsideLatinKeepsTheLatinInPlace() {
        XCTAssertEqual(BidiText.runs(Array("abc שלום def".unicodeScalars)), [
            BidiText.Run(range: 0..<4, rightToLeft: false), BidiText.Run(range: 4..<8, rightToLeft: true),
            BidiText.Run(range: 8..<12, rightToLeft: false),
        ])
        XCTAssertEqual(visual("abc שלום def"), "abc םולש def")
    }

    func testRightToLeftParagraphKeepsLatinAndNumbersLeftToRight() {
        // The first strong character is Hebrew: the paragraph runs right to left, the Latin word
        // and the number keep their own order inside it.
        XCTAssertEqual(visual("שלום abc 123 עולם"), "םלוע abc 123 םולש")
        XCTAssertEqual(visual("שלום 2024 עולם"), "םלוע 2024 םולש")
        XCTAssertEqual(visual("מחיר: 3.50"), "3.50 :ריחמ")
    }

    func testBracketPairsAreResolvedAsPairs() {
        // Rule N0: brackets around a Hebrew word, after Latin, take the line's direction; brackets
        // around a Hebrew word in a Hebrew line belong to the right-to-left run (where the shaper
        // mirrors them), both of the pair alike.
        let latin = BidiText.runs(Array("abc (שלום) def".unicodeScalars))
        XCTAssertEqual(latin.map(\.rightToLeft), [false, true, false])
        XCTAssertEqual(latin[1].range, 5..<9)
        XCTAssertEqual(BidiText.runs(Array("שלום (עולם)".unicodeScalars)), [BidiText.Run(range: 0..<11, rightToLeft: true)])
    }

    func testArabicWithNumbersAndLatin() {
        XCTAssertEqual(visual("سلام 42 abc"), "abc 42 مالس")
    }

    func testExplicitOverrideRunsRightToLeft() {
        // RLO…PDF forces "ab" right to left; the marks themselves are drawn as nothing by the shaper.
        XCTAssertEqual(visual("x\u{202E}ab\u{202C}y").filter { $0.isLetter }, "xbay")
        XCTAssertEqual(visual("x\u{202B}ab\u{202C}y").filter { $0.isLetter }, "xaby")
    }

    func testIsolatesReorderTheirContent() {
        XCTAssertEqual(visual("a \u{2067}שלום\u{2069} b").filter { $0 != "\u{2067}" && $0 != "\u{2069}" }, "a םולש b")
    }

    func testTrailingWhitespaceTakesTheParagraphLevel() {
        // Rule L1: the spaces at the end of a left-to-right line with a Hebrew word stay on the right.
        let runs = BidiText.runs(Array("abc שלום  ".unicodeScalars))
        XCTAssertEqual(runs.last, BidiText.Run(range: 8..<10, rightToLeft: false))
    }

    func testPureLatinIsOneRun() {
        let text = "Markets rally as tech stocks climb — ½ price, naïve café"
        XCTAssertFalse(BidiText.mayNeedReordering(text.unicodeScalars))
        XCTAssertEqual(BidiText.runs(Array(text.unicodeScalars)),
                       [BidiText.Run(range: 0..<text.unicodeScalars.count, rightToLeft: false)])
    }

    func testCJKAndEmojiNeedNoReordering() {
        XCTAssertFalse(BidiText.mayNeedReordering("日本語 ✅ 🚀 \u{F09B}".unicodeScalars))
    }

    func testRightToLeftScriptsAndMarksMayNeedReordering() {
        for text in ["שלום", "سلام", "ܫܠܡܐ", "ދިވެހި", "ߒߞߏ", "a\u{200F}", "a\u{202E}b", "a\u{2067}b", "\u{FEFC}", "𞤀"] {
            XCTAssertTrue(BidiText.mayNeedReordering(text.unicodeScalars), text)
        }
    }

    func testEmptyInput() {
        XCTAssertEqual(BidiText.runs([]), [])
        XCTAssertFalse(BidiText.mayNeedReordering([Unicode.Scalar]()))
    }

    func testLineWithoutStrongCharactersRunsLeftToRight() {
        // Isolates are skipped when looking for the first strong character: none here.
        XCTAssertEqual(visual("(1 + 2)\u{2066}\u{2069}"), "(1 + 2)\u{2066}\u{2069}")
    }

    func testUnbalancedIsolatesAndEmbeddingsStillCoverTheLine() {
        // Isolates and embeddings left open, pops with nothing to close: every character is still
        // in exactly one run, each is shown once, and the letters read in their order (the last
        // line's first strong character is Hebrew: a right-to-left line, "b" on its left).
        let cases: [(text: String, letters: String)] = [
            ("\u{2067}\u{2067}abc", "abc"), ("\u{2069}\u{2069}שלום", "םולש"),
            ("\u{202B}\u{202B}\u{202B}a", "a"), ("א\u{202C}\u{202C}b\u{2066}", "bא"),
        ]
        for (text, letters) in cases {
            let input = Array(text.unicodeScalars)
            let runs = BidiText.runs(input)
            XCTAssertEqual(runs.flatMap { Array($0.range) }.sorted(), Array(input.indices), "every character in exactly one run: \(runs)")
            XCTAssertFalse(runs.contains { $0.range.isEmpty }, "no empty run: \(runs)")
            let shown = visual(text)
            XCTAssertEqual(shown.unicodeScalars.map(\.value).sorted(), input.map(\.value).sorted(), "each character shown once")
            XCTAssertEqual(shown.filter { $0.isLetter }, letters)
        }
    }
}
