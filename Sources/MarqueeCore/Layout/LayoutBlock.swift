/// One source's messages laid out from x = 0, each followed by the separator: the unit a cycle is
/// made of. A block is immutable and shared: when a source has not changed, the next cycle takes
/// its block as it is, so a clock ticking beside a 10 MB file lays out the clock's block only.
public final class LayoutBlock {
    public let source: String
    /// The group's array as handed in (empty messages included), to recognise it next time.
    let messages: [Message]
    /// The chunks of the messages' text, pens from the block's start, left to right; their
    /// styles index `styles`. Separators have none of their own (see `chunks(ofMessage:)`).
    let chunks: [LayoutChunk]
    /// The pieces of messages put into visual order, pens from the block's start.
    let retainedPieces: [PlacedPiece]
    /// The separator's pieces, pens from the separator's start (every separator starts on a
    /// whole pixel, so all are the same).
    let separatorPieces: [PlacedPiece]
    /// The separator's chunks, pens from its start: each message's is these, moved to its end.
    let separatorChunks: [LayoutChunk]
    let styles: [TextStyle]
    /// Each message's left edge (its padding included) and right edge, from the block's start.
    let messageStarts: [Int]
    let messageEnds: [Int]
    /// The messages that have text, and where each one's text went, for a later block to copy
    /// what did not change.
    let textMessages: [Message]
    let placements: [MessagePlacement]
    let width: Int
    let separatorWidth: Int
    /// Bytes of text its messages hold (tags included): how big it is to search.
    let byteCount: Int
    /// What cuts and shapes a text chunk's pieces again: the cache the block was measured with,
    /// and whether tags were read.
    private let shapes: ShapeCache
    private let interpretsMarkup: Bool

    init(source: String, messages: [Message], chunks: [LayoutChunk], retainedPieces: [PlacedPiece],
         separatorPieces: [PlacedPiece], separatorChunks: [LayoutChunk], styles: [TextStyle], messageStarts: [Int], messageEnds: [Int],
         textMessages: [Message], placements: [MessagePlacement], width: Int, separatorWidth: Int, byteCount: Int, shapes: ShapeCache,
         interpretsMarkup: Bool) {
        self.source = source
        self.messages = messages
        self.chunks = chunks
        self.retainedPieces = retainedPieces
        self.separatorPieces = separatorPieces
        self.separatorChunks = separatorChunks
        self.styles = styles
        self.messageStarts = messageStarts
        self.messageEnds = messageEnds
        self.textMessages = textMessages
        self.placements = placements
        self.width = width
        self.separatorWidth = separatorWidth
        self.byteCount = byteCount
        self.shapes = shapes
        self.interpretsMarkup = interpretsMarkup
    }

    /// Every chunk, left to right: each message's text's, then its separator's.
    var allChunks: [LayoutChunk] {
        placements.indices.flatMap { message in
            chunks[Int(placements[message].chunks.lowerBound)..<Int(placements[message].chunks.upperBound)]
                + separatorChunks(ofMessage: message)
        }
    }

    /// The chunks that intersect the block-local range `[lower, upper)`, left to right: binary
    /// searches for the first message and, within a long one, for the first chunk.
    func chunks(overlapping lower: Int, _ upper: Int) -> [LayoutChunk] {
        var found: [LayoutChunk] = []
        var message = Self.lastIndex(in: messageStarts.indices) { messageStarts[$0] <= lower } ?? 0
        while message < messageStarts.count && messageStarts[message] < upper {
            let text = Int(placements[message].chunks.lowerBound)..<Int(placements[message].chunks.upperBound)
            var chunk = (Self.lastIndex(in: text) { chunks[$0].end <= lower } ?? text.lowerBound - 1) + 1
            while chunk < text.upperBound && chunks[chunk].x < upper {
                found.append(chunks[chunk])
                chunk += 1
            }
            found += separatorChunks(ofMessage: message).lazy.filter { $0.end > lower && $0.x < upper }
            message += 1
        }
        return found
    }

    /// The separator after message `index`: the block's separator chunks, moved to its end.
    private func separatorChunks(ofMessage index: Int) -> [LayoutChunk] {
        let separatorPen = messageEnds[index] << 6
        return separatorChunks.map { chunk in
            var placed = chunk
            placed.pen += separatorPen
            return placed
        }
    }

    /// The last index of `range` for which `isBefore` holds, where it holds for a prefix.
    private static func lastIndex(in range: Range<Int>, where isBefore: (Int) -> Bool) -> Int? {
        var low = range.lowerBound, high = range.upperBound
        while low < high {
            let mid = (low + high) / 2
            if isBefore(mid) { low = mid + 1 } else { high = mid }
        }
        return low > range.lowerBound ? low - 1 : nil
    }

    /// Message `index` (of those with text) and where its text went in the block.
    func laidOutMessage(_ index: Int) -> LaidOutMessage {
        let placement = placements[index]
        return LaidOutMessage(message: textMessages[index], chunks: Int(placement.chunks.lowerBound)..<Int(placement.chunks.upperBound),
                              textStart: placement.textStart, width: placement.width)
    }

    /// A chunk's pieces, pens from the block's start.
    func pieces(of chunk: LayoutChunk) -> [PlacedPiece] {
        switch chunk.pieces {
        case .retained(let range):
            return Array(retainedPieces[Int(range.lowerBound)..<Int(range.upperBound)])
        case .separator(let range):
            let start = chunk.pen - separatorPieces[Int(range.lowerBound)].pen
            return separatorPieces[Int(range.lowerBound)..<Int(range.upperBound)].map {
                PlacedPiece(shape: $0.shape, pen: start + $0.pen)
            }
        case .text(let message, let bytes):
            return textPieces(of: textMessages[Int(message)], bytes: Int(bytes.lowerBound)..<Int(bytes.upperBound),
                              style: styles[Int(chunk.style)], pen: chunk.pen)
        }
    }

    /// Cuts and shapes `bytes` of `message` again, as the builder did: the scanner resumes at the
    /// first piece's first character in the chunk's style (a `%` there is text: it was placed).
    /// The chunk's bytes alone suffice: a tag that began inside them ended inside them too (its
    /// `%` was not text), and a `%` that was text reads as text when cut short as well.
    private func textPieces(of message: Message, bytes: Range<Int>, style: TextStyle, pen start: Int) -> [PlacedPiece] {
        var text = message.text
        let slice = text.withUTF8 { Array($0[bytes]) }
        var scanner = MarkupScanner(bytes: slice, interpretsTags: message.markup && interpretsMarkup,
                                    base: TextStyle(link: message.link, tabularDigits: message.tabularDigits),
                                    resumingIn: style)
        let run = ShapingRun(font: style.font, rightToLeft: false, tabularDigits: style.tabularDigits)
        var pieces: [PlacedPiece] = []
        var pen = start
        var cutter = PieceCutter()
        func placeCutPiece() {
            let shape = cutter.bytes.withUnsafeBufferPointer { shapes.shaped($0, as: run) }
            pieces.append(PlacedPiece(shape: shape, pen: pen))
            pen += shape.advance
            cutter.clear()
        }
        while let scanned = scanner.nextRun(maxScalars: CycleLayoutBuilder.scanScalars) {
            for scalar in UTF8ScalarSequence(bytes: scanner.bytes, range: scanned.range) {
                if cutter.startsNewPiece(scalar) { placeCutPiece() }
                cutter.append(scalar)
            }
        }
        if !cutter.isEmpty { placeCutPiece() }
        return pieces
    }
}
