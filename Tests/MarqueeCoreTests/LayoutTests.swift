import XCTest
@testable import MarqueeCore

final class LayoutTests: XCTestCase {
    func testWidthsAreSumsOfProportionalAdvances() {
        // "iW" = 3 + 15, separator " | " = 4 + 8 + 4.
        let layout = CycleLayoutBuilder.layout(["iW"])
        XCTAssertEqual(layout.width, 18 + 16)
        XCTAssertEqual(layout.separatorWidth, 16)
        XCTAssertEqual(Array(layout.messageStarts), [0])
    }

    func testMessagesStartAtTheirMeasuredPositions() {
        let layout = CycleLayoutBuilder.layout(["ab", "iii", "W"])
        // "ab | " = 16 + 16 = 32; "iii | " = 9 + 16 = 25; "W | " = 15 + 16 = 31.
        XCTAssertEqual(Array(layout.messageStarts), [0, 32, 57])
        XCTAssertEqual(layout.width, 88)
    }

    func testEmptyMessagesAreSkippedAndNothingGivesAnEmptyCycle() {
        XCTAssertEqual(Array(CycleLayoutBuilder.layout(["", "a", ""]).messageStarts), [0])
        let empty = CycleLayoutBuilder.layout([])
        XCTAssertTrue(empty.isEmpty)
        XCTAssertEqual(empty.chunks.count, 0)
    }

    func testChunksAreBoundedContiguousAndBreakAtMessages() {
        let long = String(repeating: "abcdefghij", count: 100) // 1000 scalars
        let layout = CycleLayoutBuilder.layout([long, "x"])
        var x = 0
        for chunk in layout.chunks {
            XCTAssertEqual(chunk.x, x)
            XCTAssertLessThanOrEqual(chunk.pieces.count, CycleLayoutBuilder.maxChunkPieces)
            for piece in chunk.pieces {
                XCTAssertLessThanOrEqual(piece.shape.glyphs.count, PieceCutter.maxScalars, "a word without spaces is cut")
            }
            x = chunk.end
        }
        XCTAssertEqual(x, layout.width)
        XCTAssertTrue(layout.chunks.contains { $0.x == layout.messageStarts[1] }, "a message start begins a chunk")
    }

    func testChunksOverlappingARangeAreExactlyTheIntersectingOnes() {
        let layout = CycleLayoutBuilder.layout([String(repeating: "mW i", count: 400)])
        for (lower, upper) in [(0, 1), (100, 900), (layout.width - 5, layout.width), (2000, 2001)] {
            let found = layout.chunks(overlapping: lower, upper)
            let expected = layout.chunks.filter { $0.x < upper && $0.end > lower }
            XCTAssertEqual(Array(found), expected, "range \(lower)..<\(upper)")
        }
    }

    func testSlicedLayoutEqualsOneShotLayout() {
        let messages = (0..<50).map { "Headline \($0): " + String(repeating: "wide W and thin i ", count: $0) }
        let whole = CycleLayoutBuilder.layout(messages)
        var builder = CycleLayoutBuilder(messages: messages, separator: " | ")
        let cache = ShapeCache(shaper: FakeShaper())
        var sliced: CycleLayout?
        var turns = 0
        while sliced == nil {
            sliced = builder.run(budget: 97, cache: cache)
            turns += 1
        }
        XCTAssertGreaterThan(turns, 10)
        XCTAssertEqual(sliced!.chunks, whole.chunks)
        XCTAssertEqual(sliced!.messageStarts, whole.messageStarts)
        XCTAssertEqual(sliced!.width, whole.width)
    }

    func testEachDistinctWordIsShapedOnce() {
        let shaper = FakeShaper()
        let cache = ShapeCache(shaper: shaper)
        _ = CycleLayoutBuilder.layout(messages: [String(repeating: "abc 日本 ", count: 1000)], separator: " ", cache: cache)
        XCTAssertEqual(shaper.calls, 3, "\"abc \", \"日本 \" and the separator")
    }

    func testTenMegabyteLineLaysOutWithIntegerWidthsBeyondSixteenBits() {
        let line = String(repeating: "a", count: 10 << 20)
        let layout = CycleLayoutBuilder.layout([line], separator: " ")
        XCTAssertEqual(layout.width, (10 << 20) * 8 + 4)
        XCTAssertGreaterThan(layout.width, Int(Int16.max))
    }

    func testMessageStartSearch() {
        let layout = CycleLayoutBuilder.layout(["ab", "iii", "W"])
        XCTAssertEqual(layout.messageStart(atOrAfter: 0), 0)
        XCTAssertEqual(layout.messageStart(atOrAfter: 1), 32)
        XCTAssertEqual(layout.messageStart(atOrAfter: 58), nil)
        XCTAssertEqual(layout.messageStart(atOrBefore: 31), 0)
        XCTAssertEqual(layout.messageStart(atOrBefore: 57), 57)
        XCTAssertEqual([0, 31, 32, 56, 57, 87].map(layout.messageIndex(containing:)), [0, 0, 1, 1, 2, 2])
    }
}
