import BidiText
import XCTest

/// The bidirectional algorithm and Arabic shaping as FriBidi does them, checked code point by
/// code point against the Unicode tables (presentation forms from the Arabic Presentation
/// Forms-B block: isolated, final, initial, medial in that order).
final class BidiTextTests: XCTestCase {
    private func scalars(_ text: String) -> [Unicode.Scalar] { Array(text.unicodeScalars) }
    private func string(_ scalars: [Unicode.Scalar]) -> String { String(String.UnicodeScalarView(scalars)) }

    /// The visual line's scalars, checking on the way that each one maps back to a valid input index.
    private func visual(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> (String, [Int]) {
        let input = scalars(text)
        let (output, logicalIndex) = BidiText.visualLine(input)
        XCTAssertEqual(output.count, logicalIndex.count, file: file, line: line)
        XCTAssertTrue(logicalIndex.allSatisfy { input.indices.contains($0) }, "\(logicalIndex)", file: file, line: line)
        XCTAssertEqual(Set(logicalIndex).count, logicalIndex.count, "no input scalar shown twice", file: file, line: line)
        return (string(output), logicalIndex)
    }

    /// The code points of the visual line (for shaped Arabic, which has no readable literal).
    private func visualCodePoints(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> [UInt32] {
        visual(text, file: file, line: line).0.unicodeScalars.map(\.value)
    }

    func testHebrewWordIsReversed() {
        let (line, logicalIndex) = visual("שלום")
        XCTAssertEqual(line, "םולש")
        XCTAssertEqual(logicalIndex, [3, 2, 1, 0])
    }

    func testHebrewInsideLatinKeepsTheLatinInPlace() {
        let (line, logicalIndex) = visual("abc שלום def")
        XCTAssertEqual(line, "abc םולש def")
        XCTAssertEqual(logicalIndex, [0, 1, 2, 3, 7, 6, 5, 4, 8, 9, 10, 11])
    }

    func testRightToLeftParagraphKeepsLatinAndNumbersLeftToRight() {
        // The first strong character is Hebrew: the paragraph runs right to left, the Latin word
        // and the number keep their own order inside it.
        XCTAssertEqual(visual("שלום abc 123 עולם").0, "םלוע abc 123 םולש")
        XCTAssertEqual(visual("שלום 2024 עולם").0, "םלוע 2024 םולש")
        XCTAssertEqual(visual("מחיר: 3.50").0, "3.50 :ריחמ")
    }

    func testBracketsAreMirroredInRightToLeftRuns() {
        // Logical "(" after the Hebrew word closes the visual span on its left: it shows as ")".
        let (line, logicalIndex) = visual("שלום (עולם)")
        XCTAssertEqual(line, "(םלוע) םולש")
        XCTAssertEqual(logicalIndex.first, 10, "the visual \"(\" is the logical \")\", mirrored")
        XCTAssertEqual(logicalIndex[5], 5, "the visual \")\" is the logical \"(\", mirrored")
    }

    func testArabicIsShapedIntoInitialMedialAndFinalForms() {
        // كتب: kaf initial (FEDB), teh medial (FE98), beh final (FE90); shown right to left.
        let (line, logicalIndex) = visual("كتب")
        XCTAssertEqual(line.unicodeScalars.map(\.value), [0xFE90, 0xFE98, 0xFEDB])
        XCTAssertEqual(logicalIndex, [2, 1, 0])
    }

    func testLamAlefIsOneLigatureAndTheFillerIsGone() {
        // سلام: seen initial (FEB3), lam + alef as the final lam-alef ligature (FEFC), meem
        // isolated (FEE1, since alef does not join to its left). FriBidi puts the ligature at
        // the alef and a U+FEFF filler at the lam; the filler is dropped.
        let (line, logicalIndex) = visual("سلام")
        XCTAssertEqual(line.unicodeScalars.map(\.value), [0xFEE1, 0xFEFC, 0xFEB3])
        XCTAssertEqual(logicalIndex, [3, 2, 0])
    }

    func testArabicInsideLatin() {
        let (line, logicalIndex) = visual("news: سلام!")
        XCTAssertEqual(line.unicodeScalars.map(\.value), Array("news: ".unicodeScalars.map(\.value)) + [0xFEE1, 0xFEFC, 0xFEB3, 0x21])
        XCTAssertEqual(logicalIndex, [0, 1, 2, 3, 4, 5, 9, 8, 6, 10])
    }

    func testCombiningMarksOfRightToLeftRunsStandLeftOfTheirBase() {
        // Glyphs are placed left to right at their advances. A Hebrew or Arabic point has no
        // advance and its ink lies right of its origin (DejaVu Sans: qamats 3…10 px, shin dot
        // 12…14 px, fatha 2…8 px): drawn at its base's origin, it lands on the base. So in a
        // right-to-left run the mark comes just before its base on screen, as plain reversal
        // leaves it.
        XCTAssertEqual(visualCodePoints("שָלוֹם"), [0x05DD, 0x05B9, 0x05D5, 0x05DC, 0x05B8, 0x05E9])
        // Beh with fatha, alone: the fatha, then the isolated beh (FE8F).
        XCTAssertEqual(visualCodePoints("بَ"), [0x064E, 0xFE8F])
        // Latin marks follow their base, as typed (their ink lies left of their origin).
        XCTAssertEqual(visualCodePoints("cafe\u{301} שלום").prefix(5), [0x63, 0x61, 0x66, 0x65, 0x301])
    }

    func testExplicitMarksAreRemoved() {
        // RLO…PDF forces "ab" right to left; the marks steer and are never shown.
        XCTAssertEqual(visual("x\u{202E}ab\u{202C}y\u{200F}").0, "xbay")
        // An embedding (RLE) of Latin letters changes nothing visible: they stay left to right.
        XCTAssertEqual(visual("x\u{202B}ab\u{202C}y").0, "xaby")
        XCTAssertEqual(visual("\u{200E}a\u{061C}b").0, "ab")
    }

    func testIsolatesAreRemovedAndReorderTheirContent() {
        let (line, _) = visual("a \u{2067}שלום\u{2069} b")
        XCTAssertEqual(line, "a םולש b")
    }

    func testPureLatinIsReturnedAsItIs() {
        let text = "Markets rally as tech stocks climb — ½ price, naïve café"
        XCTAssertFalse(BidiText.mayNeedReordering(text.unicodeScalars))
        let (line, logicalIndex) = visual(text)
        XCTAssertEqual(line, text)
        XCTAssertEqual(logicalIndex, Array(0..<text.unicodeScalars.count))
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
        let (output, logicalIndex) = BidiText.visualLine([])
        XCTAssertEqual(output, [])
        XCTAssertEqual(logicalIndex, [])
        XCTAssertFalse(BidiText.mayNeedReordering([Unicode.Scalar]()))
    }

    func testLineWithoutStrongCharactersRunsLeftToRight() {
        // Isolates are skipped when looking for the first strong character: none here.
        XCTAssertEqual(visual("(1 + 2)\u{2066}\u{2069}").0, "(1 + 2)")
    }
}
