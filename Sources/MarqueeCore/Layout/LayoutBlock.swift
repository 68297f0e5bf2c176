/// One source's messages laid out from x = 0, each followed by the separator: the unit a cycle is
/// made of. A block is immutable and shared: when a source has not changed, the next cycle takes
/// its block as it is, so a clock ticking beside a 10 MB file lays out the clock's block only.
public final class LayoutBlock: Sendable {
    public let source: String
    /// The group's array as handed in (empty messages included), to recognise it next time.
    let messages: [Message]
    /// Every shaped piece, left to right; pens from the block's start, in 1/64 px.
    let pieces: [PlacedPiece]
    /// Chunks with x from the block's start; their styles index `styles`.
    let chunks: [LayoutChunk]
    let styles: [TextStyle]
    /// Each message's left edge (its padding included) and right edge, from the block's start.
    let messageStarts: [Int]
    let messageEnds: [Int]
    /// Each message and where its text went, for a later block to copy what did not change.
    let laidOutMessages: [LaidOutMessage]
    let width: Int
    let separatorWidth: Int
    /// Bytes of text its messages hold (tags included): how big it is to search.
    let byteCount: Int

    init(source: String, messages: [Message], pieces: [PlacedPiece], chunks: [LayoutChunk], styles: [TextStyle],
         messageStarts: [Int], messageEnds: [Int], laidOutMessages: [LaidOutMessage], width: Int, separatorWidth: Int,
         byteCount: Int) {
        self.source = source
        self.messages = messages
        self.pieces = pieces
        self.chunks = chunks
        self.styles = styles
        self.messageStarts = messageStarts
        self.messageEnds = messageEnds
        self.laidOutMessages = laidOutMessages
        self.width = width
        self.separatorWidth = separatorWidth
        self.byteCount = byteCount
    }

    /// Index of the first chunk whose right edge is beyond block-local `x`.
    func firstChunk(endingAfter x: Int) -> Int {
        var low = 0, high = chunks.count
        while low < high {
            let mid = (low + high) / 2
            if chunks[mid].end <= x { low = mid + 1 } else { high = mid }
        }
        return low
    }
}
