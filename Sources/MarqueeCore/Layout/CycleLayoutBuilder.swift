/// Lays out a cycle in slices, so that a 10 MB text never stalls the frame loop:
/// the loop calls `run(budget:)` between frames until it returns the finished layout,
/// and the old text keeps scrolling meanwhile.
public struct CycleLayoutBuilder {
    /// Longest chunk in scalars. Bounded so a chunk's pixel width stays far inside X's
    /// 16-bit coordinates and a tile redraws only a little text beyond its edges.
    public static let maxChunkScalars = 128

    private let text: [UInt8]
    /// Byte offsets at which a message begins (and the separator before it ends).
    private let messageByteStarts: [Int]
    private let separatorByteCount: Int
    private var position = 0
    private var x = 0
    private var nextMessage = 0
    private var chunks: [LayoutChunk] = []
    private var messageStarts: [Int] = []
    private var separatorWidth = 0

    /// - Parameters:
    ///   - messages: display text of each message, already sanitized to one line.
    ///   - separator: what follows every message, including the last (the cycle wraps to the first).
    public init(messages: [String], separator: String) {
        let shown = messages.filter { !$0.isEmpty }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(shown.reduce(0) { $0 + $1.utf8.count } + shown.count * separator.utf8.count)
        var starts: [Int] = []
        for message in shown {
            starts.append(bytes.count)
            bytes.append(contentsOf: message.utf8)
            bytes.append(contentsOf: separator.utf8)
        }
        text = bytes
        messageByteStarts = starts
        separatorByteCount = shown.isEmpty ? 0 : separator.utf8.count
        chunks.reserveCapacity(bytes.count / Self.maxChunkScalars + starts.count * 2 + 1)
    }

    /// Lays out at most about `budget` scalars; returns the layout once everything is measured.
    public mutating func run(budget: Int, cache: AdvanceCache) -> CycleLayout? {
        var remaining = max(budget, 1)
        while position < text.count && remaining > 0 {
            // A message start always begins a new chunk, so swaps can cut exactly there.
            if nextMessage < messageByteStarts.count && messageByteStarts[nextMessage] == position {
                messageStarts.append(x)
                nextMessage += 1
            }
            let limit = nextMessage < messageByteStarts.count ? messageByteStarts[nextMessage] : text.count
            let chunkStart = position
            let chunkX = x
            var count = 0
            while position < limit && count < Self.maxChunkScalars {
                let (scalar, length) = decodeUTF8(text, at: position)
                if let shown = displayed(scalar) { x += cache.advance(of: shown) }
                position += length
                count += 1
            }
            chunks.append(LayoutChunk(bytes: chunkStart..<position, x: chunkX, width: x - chunkX))
            remaining -= count
        }
        guard position >= text.count else { return nil }
        if separatorByteCount > 0 {
            let separatorStart = text.count - separatorByteCount
            separatorWidth = cache.width(of: UTF8ScalarSequence(bytes: text, range: separatorStart..<text.count))
        }
        return CycleLayout(text: text, chunks: chunks, width: x, messageStarts: messageStarts,
                           separatorWidth: separatorWidth)
    }

    /// Lays out everything at once (tests, short texts).
    public static func layout(messages: [String], separator: String, cache: AdvanceCache) -> CycleLayout {
        var builder = CycleLayoutBuilder(messages: messages, separator: separator)
        while true {
            if let layout = builder.run(budget: Int.max, cache: cache) { return layout }
        }
    }
}
