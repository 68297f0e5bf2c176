import MarqueeCore
import XCTest

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
