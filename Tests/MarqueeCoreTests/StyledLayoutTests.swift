import XCTest
@testable import MarqueeCore

/// Reverses every line containing "<": a stand-in for FriBidi that makes visual order checkable.
private struct MirrorReordering: LineReordering {
    func mayNeedReordering(_ text: String) -> Bool { text.contains("<") }
    func directionalRuns(_ scalars: [Unicode.Scalar]) -> [DirectionalRun] {
        [DirectionalRun(range: scalars.indices, rightToLeft: true)]
    }
}

final class StyledLayoutTests: XCTestCase {
    private let cache = ShapeCache(shaper: FakeShaper())

    func testPaddingSurroundsEachMessageAndEndsMarkWhereTheSeparatorBegins() {
        // "ab" = 16, padding 5 each side, separator " | " = 16.
        let layout = CycleLayoutBuilder.layout(messages: [Message("ab"), Message("iii")],
                                               settings: LayoutSettings(separator: " | ", padding: 5), cache: cache)
        XCTAssertEqual(Array(layout.messageStarts), [0, 42])
        XCTAssertEqual(Array(layout.messageEnds), [26, 61])
        XCTAssertEqual(layout.chunks.first?.x, 5)
        XCTAssertEqual(layout.width, 77)
        XCTAssertEqual(layout.separatorWidth, 16)
    }

    func testLinksAreFoundByPositionOverTheirTextOnly() {
        let layout = CycleLayoutBuilder.layout(
            messages: [Message("ab%{A:https://x:}cd%{A}"), .data("feed", link: "https://feed")],
            settings: LayoutSettings(separator: " ", padding: 2), cache: cache)
        // [pad 2][ab 16][cd 16][pad 2][sep 4] = 40; then [pad 2][feed 32][pad 2][sep 4].
        XCTAssertNil(layout.link(at: 0), "padding")
        XCTAssertNil(layout.link(at: 10), "unlinked text")
        XCTAssertEqual(layout.link(at: 18), "https://x")
        XCTAssertEqual(layout.link(at: 33), "https://x")
        XCTAssertNil(layout.link(at: 37), "separator")
        XCTAssertEqual(layout.link(at: 42), "https://feed")
        XCTAssertEqual(layout.link(at: 73), "https://feed")
        XCTAssertNil(layout.link(at: 75))
    }

    func testReorderedMessagesKeepEachCharactersStyle() {
        let layout = CycleLayoutBuilder.layout(messages: [Message("<a%{F#f00}bc"), Message("plain")],
                                               settings: LayoutSettings(separator: "|"), reordering: MirrorReordering(), cache: cache)
        let pieces = layout.chunks.map { (layout.drawnText(of: $0), $0.style.foreground) }
        let red = RGBAColor(hex: "#f00")
        XCTAssertEqual(pieces.map(\.0), ["cb", "a<", "|", "plain", "|"])
        XCTAssertEqual(pieces.map(\.1), [red, nil, nil, nil, nil])
    }

    func testOverlongLinesAreNotReordered() {
        let long = "<" + String(repeating: "a", count: CycleLayoutBuilder.maxReorderedBytes)
        let layout = CycleLayoutBuilder.layout(messages: [Message(long)], settings: LayoutSettings(separator: ""),
                                               reordering: MirrorReordering(), cache: cache)
        XCTAssertEqual(layout.pieces.first?.shape.glyphs.first?.glyph, UInt32(UInt8(ascii: "<")))
    }

    func testMessagesOfOnlyTagsStillCountAsMessages() {
        let layout = CycleLayoutBuilder.layout(messages: [Message("%{F#f00}"), Message("x")],
                                               settings: LayoutSettings(separator: "|"), cache: cache)
        XCTAssertEqual(Array(layout.messageStarts), [0, 8])
        XCTAssertEqual(layout.width, 24)
    }
}
