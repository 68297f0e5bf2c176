/// A shaped piece (a word, a run of spaces) at its pen position in the cycle, in 1/64 px. Each
/// glyph is drawn at the pen plus its own offset, rounded once: the pen itself is never rounded.
public struct PlacedPiece: Sendable {
    public var shape: ShapedText
    public var pen: Int

    /// The pixel column a glyph of this piece is drawn at (round half up).
    @inline(__always)
    public func x(of glyph: ShapedGlyph) -> Int { pixels(pen + Int(glyph.x)) }
}

/// A 26.6 fixed-point length in whole pixels, rounded half up.
@inline(__always)
public func pixels(_ fixed: Int) -> Int { (fixed + 32) >> 6 }

/// A chunk where the cycle draws it: its place and style resolved from its block.
public struct PlacedChunk: Equatable {
    /// Left edge within the cycle, in pixels.
    public let x: Int
    public let width: Int
    public let style: TextStyle
    public let pieces: ArraySlice<PlacedPiece>
    /// Added to each piece's pen: where the chunk's block starts in the cycle, in 1/64 px.
    public let penShift: Int

    public var end: Int { x + width }

    /// The pixel column within the cycle where `glyph` of `piece` is drawn.
    @inline(__always)
    public func x(of glyph: ShapedGlyph, in piece: PlacedPiece) -> Int { pixels(piece.pen + penShift + Int(glyph.x)) }

    public static func == (lhs: PlacedChunk, rhs: PlacedChunk) -> Bool {
        lhs.x == rhs.x && lhs.width == rhs.width && lhs.style == rhs.style && lhs.pieces.count == rhs.pieces.count
            && zip(lhs.pieces, rhs.pieces).allSatisfy { left, right in
                left.pen + lhs.penShift == right.pen + rhs.penShift
                    && (left.shape === right.shape || (left.shape.advance == right.shape.advance && left.shape.glyphs == right.shape.glyphs))
            }
    }
}

/// One cycle of the strip: every source's block (its messages, each inside its padding and
/// followed by the separator) one after another. The strip repeats this cycle forever.
public final class CycleLayout {
    public let blocks: [LayoutBlock]
    /// Where each block starts in the cycle.
    let blockStarts: [Int]
    /// Width of one cycle in pixels (messages and separators). Zero when there is nothing to show.
    public let width: Int
    /// Left edge of each message (its padding included) within the cycle, ascending; the first is 0.
    public let messageStarts: MessageEdges
    /// Right edge of each message (its padding included), where its separator begins.
    public let messageEnds: MessageEdges
    /// Width of the separator that ends the cycle (and follows every message).
    public let separatorWidth: Int
    /// The separator, padding and markup switch this cycle was laid out with.
    public let settings: LayoutSettings

    init(blocks: [LayoutBlock], settings: LayoutSettings) {
        self.blocks = blocks
        self.settings = settings
        var starts: [Int] = []
        var x = 0
        for block in blocks {
            starts.append(x)
            x += block.width
        }
        blockStarts = starts
        width = x
        messageStarts = MessageEdges(parts: blocks.map(\.messageStarts), shifts: starts)
        messageEnds = MessageEdges(parts: blocks.map(\.messageEnds), shifts: starts)
        separatorWidth = blocks.first?.separatorWidth ?? 0
    }

    public var isEmpty: Bool { width == 0 }
    public var messageCount: Int { messageStarts.count }
    /// The index of each block's first message.
    var blockFirstMessages: [Int] { messageStarts.firsts }

    /// The block holding cycle-local `x`: the last one starting at or before it.
    private func blockIndex(containing x: Int) -> Int { max(0, blockStarts.countAtOrBelow(x) - 1) }

    private func placed(_ chunk: LayoutChunk, of index: Int) -> PlacedChunk {
        let block = blocks[index]
        return PlacedChunk(x: chunk.x + blockStarts[index], width: Int(chunk.width), style: block.styles[Int(chunk.style)],
                           pieces: ArraySlice(block.pieces(of: chunk)), penShift: blockStarts[index] << 6)
    }

    /// The chunks that intersect the cycle-local range `[lower, upper)`, left to right.
    public func chunks(overlapping lower: Int, _ upper: Int) -> [PlacedChunk] {
        guard !blocks.isEmpty, lower < upper else { return [] }
        var found: [PlacedChunk] = []
        var index = blockIndex(containing: lower)
        while index < blocks.count && blockStarts[index] < upper {
            let start = blockStarts[index]
            for chunk in blocks[index].chunks(overlapping: lower - start, upper - start) {
                found.append(placed(chunk, of: index))
            }
            index += 1
        }
        return found
    }

    /// Returns the smallest message start `>= x` within one cycle, or nil when past the last.
    public func messageStart(atOrAfter x: Int) -> Int? {
        var low = 0, high = messageStarts.count
        while low < high {
            let mid = (low + high) / 2
            if messageStarts[mid] < x { low = mid + 1 } else { high = mid }
        }
        return low < messageStarts.count ? messageStarts[low] : nil
    }

    /// The index of the message whose stretch (its text and the separator after it) holds
    /// cycle-local `x`: the last message starting at or before it.
    public func messageIndex(containing x: Int) -> Int { max(0, messageStarts.countAtOrBelow(x) - 1) }

    /// The largest message start `<= x` (x within the cycle).
    public func messageStart(atOrBefore x: Int) -> Int {
        messageStarts.isEmpty ? 0 : messageStarts[messageIndex(containing: x)]
    }

    /// The chunk drawn at cycle-local `x`, if any (none in padding).
    public func chunk(at x: Int) -> PlacedChunk? {
        storedChunk(at: x).map { placed($0.chunk, of: $0.block) }
    }

    /// What a click at cycle-local `x` opens: the link of the text there (an inline `%{A:…:}` or
    /// its feed item's address); nil over separators, padding and text without one. Its style
    /// says, without cutting the chunk's pieces again.
    public func link(at x: Int) -> String? {
        storedChunk(at: x).flatMap { blocks[$0.block].styles[Int($0.chunk.style)].link }
    }

    private func storedChunk(at x: Int) -> (block: Int, chunk: LayoutChunk)? {
        guard !blocks.isEmpty else { return nil }
        let index = blockIndex(containing: x)
        return blocks[index].chunks(overlapping: x - blockStarts[index], x - blockStarts[index] + 1).first.map { (index, $0) }
    }

    /// The block and the index within it of message `index`.
    func location(ofMessage index: Int) -> (block: Int, local: Int) {
        let firsts = blockFirstMessages
        let block = max(0, firsts.countAtOrBelow(index) - 1)
        return (block, index - firsts[block])
    }

    /// Message `index` and where its text went in the cycle.
    func laidOutMessage(_ index: Int) -> LaidOutMessage {
        let (block, local) = location(ofMessage: index)
        var message = blocks[block].laidOutMessage(local)
        message.textStart += blockStarts[block]
        return message
    }

    /// Message `index` as it was handed in (its text, link and flags).
    public func message(at index: Int) -> Message { laidOutMessage(index).message }

    // MARK: Whole views (tests, diagnostics): each walks the whole cycle.

    /// Every chunk, left to right.
    public var chunks: [PlacedChunk] {
        blocks.indices.flatMap { index in blocks[index].allChunks.map { placed($0, of: index) } }
    }

    /// Every piece, its pen from the cycle's start.
    public var pieces: [PlacedPiece] {
        zip(blocks, blockStarts).flatMap { block, start in
            block.allChunks.flatMap { block.pieces(of: $0) }.map { PlacedPiece(shape: $0.shape, pen: $0.pen + start << 6) }
        }
    }

    /// The distinct styles in use, in order of first use.
    public var styles: [TextStyle] {
        var seen: [TextStyle] = []
        for block in blocks { for style in block.styles where !seen.contains(style) { seen.append(style) } }
        return seen
    }

    /// Every message, its text start from the cycle's start.
    public var laidOutMessages: [LaidOutMessage] { (0..<messageCount).map(laidOutMessage) }
}
