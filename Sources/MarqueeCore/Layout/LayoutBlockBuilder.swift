/// A piece of the separator, cut once and placed after every message of every block.
struct SeparatorPiece {
    var bytes: [UInt8]
    var style: TextStyle
    var rightToLeft: Bool
}

/// Lays out one source's block in slices (see `CycleLayoutBuilder`).
///
/// Each message is read once, in bounded runs: inline tags become chunk styles (they are not
/// part of what is shaped), the text is cut into words and spaces (`PieceCutter`), and each piece
/// is shaped through the `ShapeCache` and placed at the pen, which advances in 1/64 px; a chunk
/// keeps where its bytes are, not the shaped pieces (`LayoutChunk`). A message with
/// right-to-left text is split into directional runs first, each shaped in its own direction and
/// placed in visual order; its pieces are kept. The separator is prepared once and placed after
/// every message. A message that the source's earlier block (made with the same settings and
/// fonts) already holds is copied from it, not shaped again.
struct LayoutBlockBuilder {
    /// A piece cut in advance (a message in visual order); its style indexes the block's styles.
    private struct PreparedPiece {
        var bytes: [UInt8]
        var style: Int
        var rightToLeft: Bool
    }

    /// Where the text of the message being laid out comes from.
    private enum Source {
        case scanning(MarkupScanner)
        case prepared([PreparedPiece], next: Int)
    }

    private let source: String
    /// The group's array as handed in, and its messages that have text.
    private let group: [Message]
    private let messages: [Message]
    private let settings: LayoutSettings
    private let reordering: LineReordering?
    private let separator: [SeparatorPiece]
    private var nextMessage = 0
    private var current: Source?
    /// The first chunk of the message being laid out and the left edge of its text.
    private var opened: (firstChunk: Int, textStart: Int)?
    private var laidOut: [MessagePlacement] = []
    private var reusable: ReusableMessages?
    /// The earlier layout's style indices as this one's (-1: not interned yet).
    private var reusedStyleIndex: [Int]

    private var chunks: [LayoutChunk] = []
    private var retainedPieces: [PlacedPiece] = []
    /// The first separator's pieces and chunks, pens from its start, and its advance: every
    /// other separator is only a step of the pen.
    private var separatorPieces: [PlacedPiece] = []
    private var separatorChunks: [LayoutChunk]?
    private var separatorAdvance = 0
    /// Whether the last chunk may take more pieces (none across a message's ends), and how many it has.
    private var chunkOpen = false
    private var chunkPieceCount = 0
    /// The pen in 1/64 px from the start of the block.
    private var pen = 0
    /// The word or spaces being collected from the scanner, and their style.
    private var cutter = PieceCutter()
    private var cutterStyle = 0
    /// The bytes of the message the cutter's piece came from.
    private var cutterBytes = 0..<0
    private var styles: [TextStyle] = [.plain]
    private var styleIndex: [TextStyle: Int] = [.plain: 0]
    private var messageStarts: [Int] = []
    private var messageEnds: [Int] = []
    private var separatorWidth = 0
    private let byteCount: Int

    /// The separator cut into pieces once, for every block of a cycle.
    static func separatorPieces(settings: LayoutSettings, reordering: LineReordering?) -> [SeparatorPiece] {
        var builder = LayoutBlockBuilder(group: MessageGroup(source: "", messages: []), settings: settings, separator: [],
                                         reordering: reordering, reusing: nil)
        let reorders = reordering?.mayNeedReordering(settings.separator) ?? false
        return builder.prepare(builder.scanner(for: Message(settings.separator)), reorders: reorders).map {
            SeparatorPiece(bytes: $0.bytes, style: builder.styles[$0.style], rightToLeft: $0.rightToLeft)
        }
    }

    init(group: MessageGroup, settings: LayoutSettings, separator: [SeparatorPiece], reordering: LineReordering?,
         reusing previous: LayoutBlock?) {
        source = group.source
        self.group = group.messages
        messages = group.messages.contains { $0.text.isEmpty } ? group.messages.filter { !$0.text.isEmpty } : group.messages
        self.settings = settings
        self.reordering = reordering
        self.separator = separator
        reusable = previous.map { ReusableMessages($0) }
        reusedStyleIndex = Array(repeating: -1, count: previous?.styles.count ?? 0)
        byteCount = messages.reduce(0) { $0 + $1.text.utf8.count }
    }

    /// Lays out until `budget` (characters) is spent; returns the block once every message is placed.
    mutating func run(budget: inout Int, cache: ShapeCache) -> LayoutBlock? {
        while budget > 0 {
            switch current {
            case .scanning(var scanner)?:
                guard let run = scanner.nextRun(maxScalars: CycleLayoutBuilder.scanScalars) else {
                    finishMessage(cache: cache)
                    continue
                }
                cut(UTF8ScalarSequence(bytes: scanner.bytes, range: run.range), style: intern(scanner.style), cache: cache)
                current = .scanning(scanner)
                budget -= run.scalars
            case .prepared(let prepared, let next)?:
                guard next < prepared.count else {
                    finishMessage(cache: cache)
                    continue
                }
                place(prepared[next], cache: cache)
                current = .prepared(prepared, next: next + 1)
                budget -= prepared[next].bytes.count
            case nil:
                guard nextMessage < messages.count else { return finished(cache: cache) }
                budget -= startMessage(messages[nextMessage], cache: cache)
                nextMessage += 1
            }
        }
        return nil
    }

    // MARK: Steps

    /// The pen's whole-pixel column. Messages and separators start on whole pixels, so a message
    /// copied into another layout lands on the same sub-pixel phase and draws the same pixels.
    private var x: Int { pixels(pen) }

    private mutating func snapPen() {
        pen = x << 6
        chunkOpen = false
    }

    /// Opens a message: its start, its leading padding, and where its text comes from. Returns
    /// the work done up front (a reordered message is read whole here; a reused one is done).
    private mutating func startMessage(_ message: Message, cache: ShapeCache) -> Int {
        snapPen()
        messageStarts.append(x)
        pen += settings.padding << 6
        opened = (chunks.count, x)
        if let piece = reusable?.piece(for: message) {
            copy(piece)
            finishMessage(cache: cache)
            return piece.chunks.count + 1
        }
        let scanner = scanner(for: message)
        guard let reordering, message.text.utf8.count <= CycleLayoutBuilder.maxReorderedBytes,
              reordering.mayNeedReordering(message.text) else {
            current = .scanning(scanner)
            return 1
        }
        current = .prepared(prepare(scanner, reorders: true), next: 0)
        return message.text.utf8.count
    }

    /// Closes a message: its trailing padding, its end, then the separator.
    private mutating func finishMessage(cache: ShapeCache) {
        placeCutPiece(cache: cache)
        snapPen()
        if let opened {
            laidOut.append(MessagePlacement(chunks: Int32(opened.firstChunk)..<Int32(chunks.count), textStart: opened.textStart,
                                            width: x - opened.textStart))
        }
        opened = nil
        pen += settings.padding << 6
        messageEnds.append(x)
        let separatorStart = x
        if separatorChunks == nil {
            let first = chunks.count
            for (index, piece) in separator.enumerated() {
                let style = intern(piece.style)
                let run = shapingRun(style: style, rightToLeft: piece.rightToLeft)
                let shape = piece.bytes.withUnsafeBufferPointer { cache.shaped($0, as: run) }
                separatorPieces.append(PlacedPiece(shape: shape, pen: pen - (separatorStart << 6)))
                place(shape, style: style, from: .separator(index))
            }
            separatorChunks = chunks[first...].map { chunk in
                var relative = chunk
                relative.pen -= separatorStart << 6
                return relative
            }
            chunks.removeSubrange(first...)
            separatorAdvance = pen - (separatorStart << 6)
        } else {
            pen += separatorAdvance
        }
        snapPen()
        separatorWidth = x - separatorStart
        current = nil
    }

    /// The block, its arrays copied to their exact size: grown by doubling, they held up to
    /// twice the room, and a long text's block lives as long as it is shown.
    private func finished(cache: ShapeCache) -> LayoutBlock {
        LayoutBlock(source: source, messages: group, chunks: Self.exactSize(chunks), retainedPieces: Self.exactSize(retainedPieces),
                    separatorPieces: separatorPieces, separatorChunks: separatorChunks ?? [], styles: styles, messageStarts: Self.exactSize(messageStarts),
                    messageEnds: Self.exactSize(messageEnds), textMessages: messages, placements: Self.exactSize(laidOut),
                    width: messageStarts.isEmpty ? 0 : x, separatorWidth: separatorWidth, byteCount: byteCount,
                    shapes: cache, interpretsMarkup: settings.interpretsMarkup)
    }

    private static func exactSize<Element>(_ array: [Element]) -> [Element] {
        array.capacity - array.count < 64 ? array : array.withUnsafeBufferPointer { Array($0) }
    }

    /// Appends an unchanged message's chunks (and kept pieces) from the earlier block, moved to
    /// this position by whole pixels.
    private mutating func copy(_ piece: LaidOutMessage) {
        let textStart = x
        defer { pen = (textStart + piece.width) << 6 }
        guard let earlier = reusable?.block else { return }
        let penShift = (textStart - piece.textStart) << 6
        for chunk in earlier.chunks[piece.chunks] {
            var copied = chunk
            copied.pen += penShift
            copied.style = Int32(reusedStyle(Int(chunk.style), of: earlier))
            switch chunk.pieces {
            case .text(_, let bytes):
                copied.pieces = .text(message: Int32(laidOut.count), bytes: bytes)
            case .retained(let range):
                let first = retainedPieces.count
                for placed in earlier.retainedPieces[Int(range.lowerBound)..<Int(range.upperBound)] {
                    retainedPieces.append(PlacedPiece(shape: placed.shape, pen: placed.pen + penShift))
                }
                copied.pieces = .retained(Int32(first)..<Int32(retainedPieces.count))
            case .separator:
                break // a message's own chunks end before its separator
            }
            chunks.append(copied)
        }
    }

    private mutating func reusedStyle(_ index: Int, of earlier: LayoutBlock) -> Int {
        if reusedStyleIndex[index] < 0 { reusedStyleIndex[index] = intern(earlier.styles[index]) }
        return reusedStyleIndex[index]
    }

    // MARK: Pieces

    /// Feeds scanned text to the cutter, placing each piece it completes (left to right).
    private mutating func cut(_ scalars: UTF8ScalarSequence, style: Int, cache: ShapeCache) {
        if style != cutterStyle {
            placeCutPiece(cache: cache)
            cutterStyle = style
        }
        var scalars = scalars
        while let scalar = scalars.next() {
            if cutter.startsNewPiece(scalar) { placeCutPiece(cache: cache) }
            if cutter.isEmpty { cutterBytes = scalars.lastStart..<scalars.lastStart }
            cutter.append(scalar)
            cutterBytes = cutterBytes.lowerBound..<scalars.index
        }
    }

    private mutating func placeCutPiece(cache: ShapeCache) {
        guard !cutter.isEmpty else { return }
        let run = shapingRun(style: cutterStyle, rightToLeft: false)
        let shape = cutter.bytes.withUnsafeBufferPointer { cache.shaped($0, as: run) }
        place(shape, style: cutterStyle, from: .text(cutterBytes))
        cutter.clear()
    }

    private mutating func place(_ piece: PreparedPiece, cache: ShapeCache) {
        let run = shapingRun(style: piece.style, rightToLeft: piece.rightToLeft)
        place(piece.bytes.withUnsafeBufferPointer { cache.shaped($0, as: run) }, style: piece.style, from: .retained)
    }

    /// Where a placed piece comes from: bytes of the open message, a piece to keep, or a piece of
    /// the separator.
    private enum PieceOrigin {
        case text(Range<Int>)
        case retained
        case separator(Int)
    }

    /// Puts a shaped piece at the pen, in the open chunk when it has this style, the same origin
    /// and room.
    private mutating func place(_ shape: ShapedText, style: Int, from origin: PieceOrigin) {
        if case .retained = origin { retainedPieces.append(PlacedPiece(shape: shape, pen: pen)) }
        let last = chunks.count - 1
        if chunkOpen, chunks[last].style == style, chunkPieceCount < CycleLayoutBuilder.maxChunkPieces,
           let pieces = Self.pieces(chunks[last].pieces, extendedBy: origin, retained: retainedPieces.count) {
            chunks[last].pieces = pieces
        } else {
            chunks.append(LayoutChunk(pen: pen, width: 0, style: Int32(style), pieces: startingPieces(origin)))
            chunkOpen = true
            chunkPieceCount = 0
        }
        chunkPieceCount += 1
        pen += shape.advance
        chunks[chunks.count - 1].width = Int32(x - chunks[chunks.count - 1].x)
    }

    /// A new chunk's pieces: the one just placed.
    private func startingPieces(_ origin: PieceOrigin) -> LayoutChunk.Pieces {
        switch origin {
        case .text(let bytes):
            return .text(message: Int32(laidOut.count), bytes: UInt32(clamping: bytes.lowerBound)..<UInt32(clamping: bytes.upperBound))
        case .retained:
            return .retained(Int32(retainedPieces.count - 1)..<Int32(retainedPieces.count))
        case .separator(let index):
            return .separator(Int32(index)..<Int32(index + 1))
        }
    }

    /// An open chunk's pieces with one more of the same origin; nil when the origin differs.
    private static func pieces(_ pieces: LayoutChunk.Pieces, extendedBy origin: PieceOrigin, retained: Int) -> LayoutChunk.Pieces? {
        switch (pieces, origin) {
        case let (.text(message, bytes), .text(added)):
            return .text(message: message, bytes: bytes.lowerBound..<UInt32(clamping: added.upperBound))
        case let (.retained(range), .retained):
            return .retained(range.lowerBound..<Int32(retained))
        case let (.separator(range), .separator(index)) where Int(range.upperBound) == index:
            return .separator(range.lowerBound..<Int32(index + 1))
        default:
            return nil
        }
    }

    private func shapingRun(style: Int, rightToLeft: Bool) -> ShapingRun {
        ShapingRun(font: styles[style].font, rightToLeft: rightToLeft, tabularDigits: styles[style].tabularDigits)
    }

    // MARK: Styles and reordering

    private func scanner(for message: Message) -> MarkupScanner {
        MarkupScanner(bytes: Array(message.text.utf8), interpretsTags: message.markup && settings.interpretsMarkup,
                      base: TextStyle(link: message.link, tabularDigits: message.tabularDigits))
    }

    private mutating func intern(_ style: TextStyle) -> Int {
        if let index = styleIndex[style] { return index }
        styles.append(style)
        styleIndex[style] = styles.count - 1
        return styles.count - 1
    }

    /// A whole (short) text cut into pieces in the order they are placed: with `reorders`, its
    /// directional runs in visual order, a right-to-left run's pieces from its end to its start
    /// (each piece is shaped right to left, so its glyphs come out in visual order too). Every
    /// character keeps the style it had in logical order.
    private mutating func prepare(_ scanner: MarkupScanner, reorders: Bool) -> [PreparedPiece] {
        var scanner = scanner
        var scalars: [Unicode.Scalar] = []
        var styleOfScalar: [Int] = []
        while let run = scanner.nextRun(maxScalars: CycleLayoutBuilder.scanScalars) {
            let style = intern(scanner.style)
            for scalar in UTF8ScalarSequence(bytes: scanner.bytes, range: run.range) {
                scalars.append(scalar)
                styleOfScalar.append(style)
            }
        }
        let runs = reorders ? reordering?.directionalRuns(scalars) ?? [] : [DirectionalRun(range: scalars.indices, rightToLeft: false)]
        var prepared: [PreparedPiece] = []
        for run in runs {
            var inRun: [PreparedPiece] = []
            var cutter = PieceCutter()
            var style = -1
            for index in run.range where run.range.clamped(to: scalars.indices).contains(index) {
                if styleOfScalar[index] != style || cutter.startsNewPiece(scalars[index]) {
                    if !cutter.isEmpty { inRun.append(PreparedPiece(bytes: cutter.bytes, style: style, rightToLeft: run.rightToLeft)) }
                    cutter.clear()
                    style = styleOfScalar[index]
                }
                cutter.append(scalars[index])
            }
            if !cutter.isEmpty { inRun.append(PreparedPiece(bytes: cutter.bytes, style: style, rightToLeft: run.rightToLeft)) }
            prepared += run.rightToLeft ? inRun.reversed() : inRun
        }
        return prepared
    }
}
