import XCTest
@testable import MarqueeCore

final class TextTests: XCTestCase {
    func testControlCharactersAreDroppedOrSpacedWhileLayingOut() {
        let cache = ShapeCache(shaper: FakeShaper())
        let layout = CycleLayoutBuilder.layout(messages: ["a\tb\u{07}c"], separator: "", cache: cache)
        // a(8) + space(4) + b(8) + c(8): the bell takes no room.
        XCTAssertEqual(layout.width, 28)
        XCTAssertEqual(layout.drawnText(of: layout.chunks[0]), "a bc")
    }

    func testMessageBoardKeepsSourceOrder() {
        var board = MessageBoard()
        board.declare("arguments", messages: ["a"])
        board.declare("file")
        board.declare("stdin")
        XCTAssertTrue(board.set("stdin", ["s"]))
        XCTAssertTrue(board.set("file", ["f1", "f2"]))
        XCTAssertFalse(board.set("file", ["f1", "f2"]))
        XCTAssertEqual(board.messages, ["a", "f1", "f2", "s"])
    }

    func testTheBoardKeepsLinksBesideTheTexts() {
        var board = MessageBoard()
        board.declare("arguments", messages: ["hello"])
        XCTAssertTrue(board.set("feed", [Message("Headline", link: "https://example.com/1"), Message("Other")]))
        XCTAssertFalse(board.set("feed", [Message("Headline", link: "https://example.com/1"), Message("Other")]))
        XCTAssertEqual(board.messages, ["hello", "Headline", "Other"])
        XCTAssertEqual(board.entries.map(\.link), [nil, "https://example.com/1", nil])
        XCTAssertTrue(board.set("feed", [Message("Headline", link: "https://example.com/2"), Message("Other")]), "a new link is a change")
    }
}
