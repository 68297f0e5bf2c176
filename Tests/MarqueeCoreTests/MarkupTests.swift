import XCTest
@testable import MarqueeCore

/// Inline formatting as the layout reads it: what is shown, in which style, and what stays literal.
final class MarkupTests: XCTestCase {
    private let red = RGBAColor(hex: "#ff0000")!
    private let grey = RGBAColor(hex: "#333333")!

    /// The layout's text as (text, style) runs, neighbours in the same style merged.
    private func runs(_ text: String, markup: Bool = true, link: String? = nil,
                      settings: LayoutSettings = LayoutSettings(separator: "")) -> [(String, TextStyle)] {
        let layout = CycleLayoutBuilder.layout(messages: [Message(text, link: link, markup: markup)], settings: settings,
                                               cache: ShapeCache(shaper: FakeShaper()))
        var result: [(String, TextStyle)] = []
        for chunk in layout.chunks where !chunk.pieces.isEmpty {
            let piece = layout.drawnText(of: chunk)
            let style = chunk.style
            if let last = result.last, last.1 == style { result[result.count - 1].0 += piece } else { result.append((piece, style)) }
        }
        return result
    }

    private func shown(_ text: String, markup: Bool = true) -> String { runs(text, markup: markup).map(\.0).joined() }

    func testColoursFontsAndResets() {
        let result = runs("a%{F#f00}b%{B#333333}c%{F-}d%{B- T2}e%{T-}f")
        XCTAssertEqual(result.map(\.0), ["a", "b", "c", "d", "e", "f"])
        XCTAssertEqual(result.map(\.1), [
            .plain, TextStyle(foreground: red), TextStyle(foreground: red, background: grey),
            TextStyle(background: grey), TextStyle(font: 1), .plain,
        ])
    }

    func testAlphaComesFirstInEightDigitColoursAsStatusBarsWriteThem() {
        let result = runs("%{F#80ff0000}x")
        XCTAssertEqual(result.first?.1.foreground, RGBAColor(red: 0xFFFF, green: 0, blue: 0, alpha: 0x8080))
    }

    func testLinksOpenAndCloseAndEscapedColons() {
        let result = runs(#"see %{A:https\://example.org/a:}the docs%{A} now"#)
        XCTAssertEqual(result.map(\.0), ["see ", "the docs", " now"])
        XCTAssertEqual(result.map(\.1.link), [nil, "https://example.org/a", nil])
        XCTAssertEqual(runs(#"%{A1:mailto\:x@y:}mail%{A}"#).first?.1.link, "mailto:x@y")
        XCTAssertEqual(runs("%{A:mailto:x@y:}m").first?.1.link, "mailto:x@y", "a colon inside the address needs no escape")
    }

    func testAnInlineLinkClosesBackToTheMessagesOwnLink() {
        let result = runs("a%{A:https://inner:}b%{A}c", link: "https://outer")
        XCTAssertEqual(result.map(\.1.link), ["https://outer", "https://inner", "https://outer"])
    }

    func testPercentSigns() {
        XCTAssertEqual(shown("100%% sure"), "100% sure")
        XCTAssertEqual(shown("%%%%"), "%%")
        XCTAssertEqual(shown("50% off"), "50% off")
        XCTAssertEqual(shown("ends in %"), "ends in %")
        XCTAssertEqual(shown("%%{F#f00}"), "%{F#f00}", "an escaped percent does not start a tag")
    }

    func testUnknownAndBrokenTagsAreShownAsWritten() {
        for text in ["%{Q}x", "%{F#ggg}x", "%{F#12345}x", "%{Fred}x", "%{T0}x", "%{T}x", "%{F#f00", "%{}x",
                     "%{A:never closed}x", "%{F#f00 Q}x", "%{B#fff}%{", "%{T2 }x%{T99x}"] {
            let result = runs(text)
            XCTAssertTrue(result.map(\.0).joined().contains("%{"), "\(text) is shown literally: \(result.map(\.0))")
        }
        XCTAssertEqual(shown("%{F#ggg}x"), "%{F#ggg}x")
        XCTAssertEqual(shown("%{F#f00"), "%{F#f00")
    }

    func testFeedTextIsNeverInterpreted() {
        let text = "%{F#f00}red? %{A:https://evil:}no%{A} 100%%"
        XCTAssertEqual(shown(text, markup: false), text)
        XCTAssertEqual(runs(text, markup: false).map(\.1), [.plain])
    }

    func testMarkupSwitchedOffForEveryone() {
        let text = "%{F#f00}x"
        let result = runs(text, settings: LayoutSettings(separator: "", interpretsMarkup: false))
        XCTAssertEqual(result.map(\.0).joined(), text)
    }

    func testStylesEndWithTheirMessageAndTheSeparatorHasItsOwn() {
        let layout = CycleLayoutBuilder.layout(
            messages: [Message("%{F#f00}one"), Message("two")],
            settings: LayoutSettings(separator: "%{F#333333}|"), cache: ShapeCache(shaper: FakeShaper()))
        let styled = layout.chunks.map { (layout.drawnText(of: $0), $0.style.foreground) }
        XCTAssertEqual(styled.map(\.0), ["one", "|", "two", "|"])
        XCTAssertEqual(styled.map(\.1), [red, grey, nil, grey])
    }

    func testASecondFontMeasuresWithItsOwnAdvances() {
        // FakeShaper: slot 1 is twice as wide. "ab" + "%{T2}ab" = 16 + 32.
        let layout = CycleLayoutBuilder.layout(messages: [Message("ab%{T2}ab")], settings: LayoutSettings(separator: ""),
                                               cache: ShapeCache(shaper: FakeShaper()))
        XCTAssertEqual(layout.width, 48)
        XCTAssertEqual(layout.chunks.map(\.width), [16, 32])
    }

    func testTagsInATenMegabyteLineAreReadInSlices() {
        let line = String(repeating: "ab%{F#f00}cd%{F-}", count: 600_000) // about 10 MB
        var builder = CycleLayoutBuilder(messages: [Message(line)], settings: LayoutSettings(separator: " "))
        let cache = ShapeCache(shaper: FakeShaper())
        var turns = 0
        var layout: CycleLayout?
        while layout == nil {
            layout = builder.run(budget: 4096, cache: cache)
            turns += 1
        }
        XCTAssertGreaterThan(turns, 500, "no turn reads the whole line")
        XCTAssertEqual(layout!.width, 600_000 * 32 + 4)
        XCTAssertEqual(layout!.glyphCount, 600_000 * 4 + 1, "tags are not part of the drawn text")
        XCTAssertEqual(layout!.styles.count, 2)
    }
}
