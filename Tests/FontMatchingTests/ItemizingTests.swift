import FontMatching
import MarqueeCore
import XCTest

/// Runs of one font, as Pango's itemizer makes them: a space between words of a fallback
/// script is that script's font's space.
final class ItemizingTests: XCTestCase {
    private func faces(_ text: String, _ fonts: FontSet) -> [UInt16] { fonts.shape(text).glyphs.map(\.font) }

    func testASpaceJoinsTheRunBeforeItAndOpeningSpacesTheRunAfter() throws {
        let fonts = try FontSet.open(patterns: ["DejaVu Sans:pixelsize=32"]).0
        let latin = try XCTUnwrap(faces("a", fonts).first)
        let devanagari = try XCTUnwrap(faces("न", fonts).first)
        XCTAssertNotEqual(latin, devanagari, "Devanagari comes from a fallback font")
        XCTAssertEqual(Set(faces("नमस्ते दुनिया", fonts)), [devanagari], "the space between two Devanagari words")
        XCTAssertEqual(Set(faces("नमस्ते ", fonts)), [devanagari], "a word's trailing space (the layout's piece)")
        XCTAssertEqual(Set(faces("  नमस्ते", fonts)), [devanagari], "spaces that open a piece")
        XCTAssertEqual(faces("a नमस्ते", fonts).first, latin, "a space after Latin stays Latin")
        XCTAssertEqual(faces("  ", fonts), [latin, latin], "spaces alone: the primary")
    }
}
