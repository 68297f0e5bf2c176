/// A stretch of pieces (words, spaces) in one style, with a known position and width.
///
/// Chunks keep long texts cheap: a tile draws only the chunks it overlaps, found by binary
/// search, so the work for a frame never depends on how long the whole text is.
public struct LayoutChunk: Equatable, Sendable {
    /// Its pieces in `CycleLayout.pieces`.
    public var pieces: Range<Int>
    /// Left edge within the cycle, in pixels.
    public var x: Int
    public var width: Int
    /// Index of its style in `CycleLayout.styles`.
    public var style: Int
    public var end: Int { x + width }
}

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

/// One cycle of the strip: every message (inside its padding) followed by the separator,
/// measured and positioned. The strip repeats this cycle forever.
public final class CycleLayout: Sendable {
    /// Every shaped piece of every message and separator, left to right in the cycle.
    public let pieces: [PlacedPiece]
    public let chunks: [LayoutChunk]
    /// Bytes of text the messages hold (tags included): how big the cycle is to copy from.
    public let byteCount: Int
    /// The distinct styles the chunks use; index 0 is always the plain style.
    public let styles: [TextStyle]
    /// Width of one cycle in pixels (messages and separators). Zero when there is nothing to show.
    public let width: Int
    /// Left edge of each message (its padding included) within the cycle, ascending; the first is 0.
    public let messageStarts: [Int]
    /// Right edge of each message (its padding included), where its separator begins.
    public let messageEnds: [Int]
    /// Width of the separator that ends the cycle (and follows every message).
    public let separatorWidth: Int
    /// Each message and where its text went, for the next layout to copy what did not change.
    public let laidOutMessages: [LaidOutMessage]
    /// The separator, padding and markup switch this cycle was laid out with.
    public let settings: LayoutSettings

    init(pieces: [PlacedPiece], chunks: [LayoutChunk], byteCount: Int, styles: [TextStyle], width: Int, messageStarts: [Int],
         messageEnds: [Int], separatorWidth: Int, laidOutMessages: [LaidOutMessage], settings: LayoutSettings) {
        self.pieces = pieces
        self.chunks = chunks
        self.byteCount = byteCount
        self.styles = styles
        self.width = width
        self.messageStarts = messageStarts
        self.messageEnds = messageEnds
        self.separatorWidth = separatorWidth
        self.laidOutMessages = laidOutMessages
        self.settings = settings
    }

    public var isEmpty: Bool { width == 0 }

    /// Index of the first chunk whose right edge is beyond `x`.
    private func firstChunk(endingAfter x: Int) -> Int {
        var low = 0, high = chunks.count
        while low < high {
            let mid = (low + high) / 2
            if chunks[mid].end <= x { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// The chunks that intersect the cycle-local range `[lower, upper)`.
    public func chunks(overlapping lower: Int, _ upper: Int) -> ArraySlice<LayoutChunk> {
        let first = firstChunk(endingAfter: lower)
        var last = first
        while last < chunks.count && chunks[last].x < upper { last += 1 }
        return chunks[first..<last]
    }

    /// The message starts (cycle-local) in ascending order; a helper for safe swap places.
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
    public func messageIndex(containing x: Int) -> Int {
        var low = 0, high = messageStarts.count
        while low < high {
            let mid = (low + high) / 2
            if messageStarts[mid] <= x { low = mid + 1 } else { high = mid }
        }
        return max(0, low - 1)
    }

    /// The largest message start `<= x` (x within the cycle).
    public func messageStart(atOrBefore x: Int) -> Int {
        messageStarts.isEmpty ? 0 : messageStarts[messageIndex(containing: x)]
    }

    /// The chunk drawn at cycle-local `x`, if any (none in padding).
    public func chunk(at x: Int) -> LayoutChunk? {
        let index = firstChunk(endingAfter: x)
        return index < chunks.count && chunks[index].x <= x ? chunks[index] : nil
    }

    /// What a click at cycle-local `x` opens: the link of the text there (an inline `%{A:…:}` or
    /// its feed item's address); nil over separators, padding and text without one.
    public func link(at x: Int) -> String? {
        chunk(at: x).flatMap { styles[$0.style].link }
    }

    public func style(of chunk: LayoutChunk) -> TextStyle { styles[chunk.style] }
}
