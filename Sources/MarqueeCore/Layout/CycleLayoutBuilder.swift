/// Lays out a cycle in slices, so that a 10 MB text never stalls the frame loop:
/// the loop calls `run(budget:)` between frames until it returns the finished layout,
/// and the old text keeps scrolling meanwhile.
///
/// Each message is read once, in bounded runs: inline tags become chunk styles (they are not
/// copied into the layout's text), and a message with right-to-left text is put into visual
/// order first. The separator is parsed once and repeated after every message. A message that
/// an earlier layout (made with the same settings and fonts) already holds is copied from it,
/// not measured again.
public struct CycleLayoutBuilder {
    /// Longest chunk in scalars. Bounded so a chunk's pixel width stays far inside X's
    /// 16-bit coordinates and a tile redraws only a little text beyond its edges.
    public static let maxChunkScalars = 128
    /// Longest message put into visual order (the bidi algorithm needs a whole line at once);
    /// longer ones are laid out in logical order rather than stall a frame.
    public static let maxReorderedBytes = 1 << 16

    /// A piece of text in one style, ready to be measured (the separator, a reordered message).
    private struct PreparedRun {
        var bytes: [UInt8]
        var scalars: Int
        var style: Int
    }

    /// Where the text of the message being laid out comes from.
    private enum Source {
        case scanning(MarkupScanner)
        case prepared([PreparedRun], next: Int)
    }

    private let messages: [Message]
    private let settings: LayoutSettings
    private let reordering: LineReordering?
    private var separatorRuns: [PreparedRun] = []
    private var nextMessage = 0
    private var current: Source?
    /// The message being laid out, its first chunk and the left edge of its text.
    private var opened: (message: Message, firstChunk: Int, textStart: Int)?
    private var laidOut: [LaidOutMessage] = []
    private var reusable: ReusableMessages?
    /// The earlier layout's style indices as this one's (-1: not interned yet).
    private var reusedStyleIndex: [Int]

    private var text: [UInt8] = []
    private var x = 0
    private var chunks: [LayoutChunk] = []
    private var styles: [TextStyle] = [.plain]
    private var styleIndex: [TextStyle: Int] = [.plain: 0]
    private var messageStarts: [Int] = []
    private var messageEnds: [Int] = []
    private var separatorWidth = 0

    /// - Parameters:
    ///   - messages: each message's text (one line), link and whether its tags are read.
    ///   - reordering: puts right-to-left text into visual order; nil leaves every line as written.
    ///   - previous: an earlier layout measured with the same fonts (and reordering), whose
    ///     unchanged messages are copied; ignored when it was made with other settings.
    public init(messages: [Message], settings: LayoutSettings, reordering: LineReordering? = nil,
                reusing previous: CycleLayout? = nil) {
        self.messages = messages.filter { !$0.text.isEmpty }
        self.settings = settings
        self.reordering = reordering
        reusable = previous.flatMap { $0.settings == settings ? ReusableMessages($0) : nil }
        reusedStyleIndex = Array(repeating: -1, count: reusable?.layout.styles.count ?? 0)
        let separator = Message(settings.separator)
        separatorRuns = prepare(scanner(for: separator))
        let bytes = self.messages.reduce(0) { $0 + $1.text.utf8.count }
            + self.messages.count * separatorRuns.reduce(0) { $0 + $1.bytes.count }
        text.reserveCapacity(bytes)
        chunks.reserveCapacity(bytes / Self.maxChunkScalars + self.messages.count * (separatorRuns.count + 1) + 1)
    }

    /// Plain messages (tests, short texts).
    public init(messages: [String], separator: String) {
        self.init(messages: messages.map { Message($0) }, settings: LayoutSettings(separator: separator))
    }

    /// Lays out at most about `budget` scalars; returns the layout once everything is measured.
    public mutating func run(budget: Int, cache: AdvanceCache) -> CycleLayout? {
        var remaining = max(budget, 1)
        while remaining > 0 {
            switch current {
            case .scanning(var scanner)?:
                guard let run = scanner.nextRun(maxScalars: Self.maxChunkScalars) else {
                    finishMessage(cache: cache)
                    continue
                }
                emit(scanner.bytes[run.range], style: intern(scanner.style), cache: cache)
                current = .scanning(scanner)
                remaining -= run.scalars
            case .prepared(let runs, let next)?:
                guard next < runs.count else {
                    finishMessage(cache: cache)
                    continue
                }
                emit(runs[next].bytes[...], style: runs[next].style, cache: cache)
                current = .prepared(runs, next: next + 1)
                remaining -= runs[next].scalars
            case nil:
                guard nextMessage < messages.count else { return finished() }
                remaining -= startMessage(messages[nextMessage], cache: cache)
                nextMessage += 1
            }
        }
        return nil
    }

    /// Lays out everything at once (tests, short texts).
    public static func layout(messages: [Message], settings: LayoutSettings, reordering: LineReordering? = nil,
                              cache: AdvanceCache) -> CycleLayout {
        var builder = CycleLayoutBuilder(messages: messages, settings: settings, reordering: reordering)
        while true {
            if let layout = builder.run(budget: Int.max, cache: cache) { return layout }
        }
    }

    public static func layout(messages: [String], separator: String, cache: AdvanceCache) -> CycleLayout {
        layout(messages: messages.map { Message($0) }, settings: LayoutSettings(separator: separator), cache: cache)
    }

    // MARK: Steps

    /// Opens a message: its start, its leading padding, and where its text comes from. Returns
    /// the work done up front (a reordered message is read whole here; a reused one is done).
    private mutating func startMessage(_ message: Message, cache: AdvanceCache) -> Int {
        messageStarts.append(x)
        x += settings.padding
        opened = (message, chunks.count, x)
        if let piece = reusable?.piece(for: message) {
            copy(piece)
            finishMessage(cache: cache)
            return piece.chunks.count + 1
        }
        let scanner = scanner(for: message)
        guard let reordering, message.text.utf8.count <= Self.maxReorderedBytes,
              reordering.mayNeedReordering(message.text) else {
            current = .scanning(scanner)
            return 1
        }
        current = .prepared(reordered(scanner, by: reordering), next: 0)
        return message.text.utf8.count
    }

    /// Closes a message: its trailing padding, its end, then the separator.
    private mutating func finishMessage(cache: AdvanceCache) {
        if let opened {
            laidOut.append(LaidOutMessage(message: opened.message, chunks: opened.firstChunk..<chunks.count,
                                          textStart: opened.textStart, width: x - opened.textStart))
        }
        opened = nil
        x += settings.padding
        messageEnds.append(x)
        let separatorStart = x
        for run in separatorRuns { emit(run.bytes[...], style: run.style, cache: cache) }
        separatorWidth = x - separatorStart
        current = nil
    }

    private func finished() -> CycleLayout {
        CycleLayout(text: text, chunks: chunks, styles: styles, width: messageStarts.isEmpty ? 0 : x,
                    messageStarts: messageStarts, messageEnds: messageEnds, separatorWidth: separatorWidth,
                    laidOutMessages: laidOut, settings: settings)
    }

    /// Appends an unchanged message's chunks from the earlier layout, moved to this position.
    private mutating func copy(_ piece: LaidOutMessage) {
        defer { x += piece.width }
        guard let earlier = reusable?.layout, let first = piece.chunks.first, let last = piece.chunks.last else { return }
        let bytes = earlier.chunks[first].bytes.lowerBound..<earlier.chunks[last].bytes.upperBound
        let byteShift = text.count - bytes.lowerBound
        let xShift = x - piece.textStart
        text.append(contentsOf: earlier.text[bytes])
        for chunk in earlier.chunks[piece.chunks] {
            chunks.append(LayoutChunk(bytes: (chunk.bytes.lowerBound + byteShift)..<(chunk.bytes.upperBound + byteShift),
                                      x: chunk.x + xShift, width: chunk.width, style: reusedStyle(chunk.style, of: earlier)))
        }
    }

    private mutating func reusedStyle(_ index: Int, of earlier: CycleLayout) -> Int {
        if reusedStyleIndex[index] < 0 { reusedStyleIndex[index] = intern(earlier.styles[index]) }
        return reusedStyleIndex[index]
    }

    /// Appends a run as one chunk, measured in its style's font.
    private mutating func emit(_ bytes: ArraySlice<UInt8>, style: Int, cache: AdvanceCache) {
        let start = text.count
        text.append(contentsOf: bytes)
        let font = styles[style].font
        var width = 0
        var offset = start
        while offset < text.count {
            let (scalar, length) = decodeUTF8(text, at: offset)
            if let shown = displayed(scalar) { width += cache.advance(of: shown, font: font) }
            offset += length
        }
        chunks.append(LayoutChunk(bytes: start..<text.count, x: x, width: width, style: style))
        x += width
    }

    // MARK: Styles and reordering

    private func scanner(for message: Message) -> MarkupScanner {
        MarkupScanner(bytes: Array(message.text.utf8), interpretsTags: message.markup && settings.interpretsMarkup,
                      base: TextStyle(link: message.link))
    }

    private mutating func intern(_ style: TextStyle) -> Int {
        if let index = styleIndex[style] { return index }
        styles.append(style)
        styleIndex[style] = styles.count - 1
        return styles.count - 1
    }

    /// A whole (short) text as runs in logical order.
    private mutating func prepare(_ scanner: MarkupScanner) -> [PreparedRun] {
        var scanner = scanner
        var runs: [PreparedRun] = []
        while let run = scanner.nextRun(maxScalars: Self.maxChunkScalars) {
            runs.append(PreparedRun(bytes: Array(scanner.bytes[run.range]), scalars: run.scalars, style: intern(scanner.style)))
        }
        return runs
    }

    /// A message's runs in visual order: every scalar keeps the style it had in logical order.
    private mutating func reordered(_ scanner: MarkupScanner, by reordering: LineReordering) -> [PreparedRun] {
        var scalars: [Unicode.Scalar] = []
        var styleOfScalar: [Int] = []
        for run in prepare(scanner) {
            for scalar in UTF8ScalarSequence(bytes: run.bytes, range: 0..<run.bytes.count) {
                scalars.append(scalar)
                styleOfScalar.append(run.style)
            }
        }
        let visual = reordering.visualLine(scalars)
        var runs: [PreparedRun] = []
        for (position, scalar) in visual.scalars.enumerated() {
            let logical = visual.logicalIndex[position]
            let style = styleOfScalar.indices.contains(logical) ? styleOfScalar[logical] : 0
            if runs.isEmpty || runs[runs.count - 1].style != style || runs[runs.count - 1].scalars >= Self.maxChunkScalars {
                runs.append(PreparedRun(bytes: [], scalars: 0, style: style))
            }
            UTF8.encode(scalar) { runs[runs.count - 1].bytes.append($0) }
            runs[runs.count - 1].scalars += 1
        }
        return runs
    }
}
