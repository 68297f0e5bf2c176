import XCTest
@testable import MarqueeCore

/// A chunk of text keeps where its bytes are, not its shaped pieces: a tile gets them cut and
/// shaped again, and they must be exactly the pieces the layout measured.
final class ChunkPiecesTests: XCTestCase {
    private static let tricky = [
        Message("a%%%%b %{Fbroken c %{F#f00}%{F-} d" + String(repeating: " x%% %{F#00f}%{F-}", count: 40)
            + " %{F#f00}red%{F-}%{F#f00} still red%{F-} " + String(repeating: "long", count: 20) + " \u{1}%%tail"),
        Message.data("%{F#f00} feed text %% is " + String(repeating: "data ", count: 50), link: "https://feed"),
        Message("%%{F#f00} %%% %{T2}wide %{T-}and %%"),
    ]

    func testTextChunksAreCutAndShapedAgainIntoTheVeryPiecesMeasured() {
        let shaper = RecordingShaper()
        let cache = ShapeCache(shaper: shaper, byteLimit: 0)
        let layout = CycleLayoutBuilder.layout(messages: Self.tricky, settings: LayoutSettings(separator: "|"), cache: cache)
        let measured = shaper.pieces.filter { $0 != "|" }
        XCTAssertGreaterThan(measured.count, 100)
        shaper.clear()
        let chunks = layout.chunks
        XCTAssertEqual(shaper.pieces, measured, "the same pieces, in the same order")
        XCTAssertGreaterThan(chunks.count, Self.tricky.count * 3, "messages of several chunks")
        for chunk in chunks {
            guard let first = chunk.pieces.first, let last = chunk.pieces.last else { return XCTFail("a chunk without pieces") }
            XCTAssertEqual(pixels(first.pen + chunk.penShift), chunk.x)
            XCTAssertEqual(pixels(last.pen + last.shape.advance + chunk.penShift), chunk.end, "its pieces fill its width")
        }
    }

    /// What a long text's layout keeps per line: no shaped piece, a chunk record and a placement
    /// of fixed small sizes; the separator once per block.
    func testALongTextKeepsNoShapedPiecesPerWord() {
        final class WeakShapes: TextShaper {
            private let font = FakeShaper()
            var made: [() -> ShapedText?] = []
            func shape(_ utf8: UnsafeBufferPointer<UInt8>, as run: ShapingRun) -> ShapedText {
                let shape = font.shape(utf8, as: run)
                made.append { [weak shape] in shape }
                return shape
            }
        }
        let shaper = WeakShapes()
        let lines = (0..<20_000).map { Message("Story \($0): markets rally as tech stocks climb") }
        let layout = CycleLayoutBuilder.layout(messages: lines, settings: LayoutSettings(separator: " • "),
                                               cache: ShapeCache(shaper: shaper, byteLimit: 0))
        let alive = shaper.made.filter { $0() != nil }.count
        XCTAssertGreaterThan(shaper.made.count, 20_000 * 7)
        XCTAssertEqual(alive, layout.blocks[0].separatorPieces.count, "only the block's one separator keeps its pieces")
        XCTAssertEqual(layout.blocks[0].chunks.count, 20_000, "one chunk per line, none per separator")
        XCTAssertTrue(layout.blocks[0].retainedPieces.isEmpty)
        XCTAssertLessThanOrEqual(MemoryLayout<LayoutChunk>.stride, 32)
        XCTAssertLessThanOrEqual(MemoryLayout<MessagePlacement>.stride, 24)
        XCTAssertEqual(layout.chunks.count, 40_000, "and every line and separator is still drawn")
    }

    func testCopiedMessagesDrawTheirPiecesAgainAtTheirNewPlace() {
        let cache = ShapeCache(shaper: FakeShaper())
        let settings = LayoutSettings(separator: " | ")
        let first = CycleLayoutBuilder.layout(messages: Self.tricky, settings: settings, cache: cache)
        var builder = CycleLayoutBuilder(messages: [Message("new first")] + Self.tricky.reversed(), settings: settings, reusing: first)
        var copied: CycleLayout?
        while copied == nil { copied = builder.run(budget: .max, cache: cache) }
        let fresh = CycleLayoutBuilder.layout(messages: [Message("new first")] + Self.tricky.reversed(), settings: settings,
                                              cache: ShapeCache(shaper: FakeShaper()))
        XCTAssertEqual(copied!.chunks, fresh.chunks)
    }
}
