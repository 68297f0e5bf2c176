/// Where each message of a finished layout went, so the next layout can copy a message that did
/// not change instead of measuring it again: a clock ticking beside a 10 MB text lays out the
/// clock, not the 10 MB.
public struct LaidOutMessage: Sendable {
    public let message: Message
    /// Its chunks in its block (none for a message made only of tags).
    let chunks: Range<Int>
    /// Left edge of its text (after the leading padding), within its block (within the cycle
    /// where `CycleLayout.laidOutMessage` hands it out).
    var textStart: Int
    /// Width of its text, padding excluded.
    let width: Int
}

/// Where a message's text went in its block, as the block stores it (150 000 lines keep one
/// each): its message is the block's `textMessages` at the same index.
struct MessagePlacement {
    let chunks: Range<Int32>
    let textStart: Int
    let width: Int
}

/// Finds, among the messages of a source's earlier block, one whose text, link, markup flag and digits
/// are exactly those of a new message.
///
/// Messages usually come in the same order as last time, most of them unchanged and the very same
/// strings: the earlier message after the last match is tried first, then the one after it (one
/// removed), each a pointer comparison for the same storage. A changed or new message misses
/// both and leaves the expectation where it was (the next message is probably the old one that
/// comes next). Then the earlier messages are indexed by a hash of their bytes: at the first miss
/// when they are few and short (a millisecond at most), after many misses (a list reordered)
/// otherwise, so a clock ticking beside 150 000 lines does not index them every second.
struct ReusableMessages {
    private static let missesBeforeIndexing = 16
    private static let indexedAtOnceUpToBytes = 1 << 20
    private static let indexedAtOnceUpToMessages = 4096

    private struct Key: Hashable {
        var digest: Int
        var markup: Bool
        var tabularDigits: Bool
        var link: String?

        init(_ message: Message) {
            var text = message.text
            digest = text.withUTF8 { bytes in
                var hasher = Hasher()
                hasher.combine(bytes: UnsafeRawBufferPointer(bytes))
                return hasher.finalize()
            }
            markup = message.markup
            tabularDigits = message.tabularDigits
            link = message.link
        }
    }

    let block: LayoutBlock
    /// The earlier message expected to match the next one asked for.
    private var expected = 0
    private var misses = 0
    private var candidates: [Key: [Int]]?

    init(_ block: LayoutBlock) {
        self.block = block
    }

    mutating func piece(for message: Message) -> LaidOutMessage? {
        let earlier = block.textMessages
        for position in [expected, expected + 1] where position < earlier.count && Self.same(earlier[position], message) {
            expected = position + 1
            return block.laidOutMessage(position)
        }
        misses += 1
        let small = block.byteCount <= Self.indexedAtOnceUpToBytes && earlier.count <= Self.indexedAtOnceUpToMessages
        guard misses > Self.missesBeforeIndexing || small else { return nil }
        if candidates == nil {
            var index: [Key: [Int]] = [:]
            for (position, earlierMessage) in earlier.enumerated() { index[Key(earlierMessage), default: []].append(position) }
            candidates = index
        }
        guard let positions = candidates?[Key(message)],
              let match = positions.first(where: { Self.same(earlier[$0], message) }) else { return nil }
        expected = match + 1
        return block.laidOutMessage(match)
    }

    static func same(_ first: Message, _ second: Message) -> Bool {
        first.markup == second.markup && first.tabularDigits == second.tabularDigits && first.link == second.link && first.text.utf8.count == second.text.utf8.count
            && sameBytes(first.text, second.text)
    }

    /// Byte equality (canonically equivalent strings with other bytes may draw differently), with
    /// a shortcut for the usual case of the very same string storage.
    static func sameBytes(_ first: String, _ second: String) -> Bool {
        var first = first, second = second
        return first.withUTF8 { a in
            second.withUTF8 { b in
                a.count == b.count && (a.baseAddress == b.baseAddress || a.elementsEqual(b))
            }
        }
    }
}

extension CycleLayout {
    /// Where the stretch of message `index` (its text and the separator after it) ends in the cycle.
    func stretchEnd(of index: Int) -> Int {
        index + 1 < messageStarts.count ? messageStarts[index + 1] : width
    }

    /// True when `other` puts everything at the same places: the same cycle width, separator and
    /// padding, and every message starting and ending where it does here.
    func hasSamePlaces(as other: CycleLayout) -> Bool {
        self === other || (width == other.width && separatorWidth == other.separatorWidth && settings == other.settings
            && messageStarts.hasSameParts(as: other.messageStarts) && messageEnds.hasSameParts(as: other.messageEnds))
    }

    /// This layout's copy of message `index` of `earlier`: the same message of the very same
    /// block when the source did not change; else the message with exactly its bytes, link and
    /// flags nearest its place in the source's new block, then in any other block; nil when
    /// there is none.
    func index(ofMessage index: Int, in earlier: CycleLayout) -> Int? {
        guard index >= 0, index < earlier.messageCount else { return nil }
        let (oldBlockIndex, local) = earlier.location(ofMessage: index)
        let oldBlock = earlier.blocks[oldBlockIndex]
        if let same = blocks.firstIndex(where: { $0 === oldBlock }) { return blockFirstMessages[same] + local }
        let message = oldBlock.textMessages[local]
        let sameSource = blocks.indices.filter { blocks[$0].source == oldBlock.source }
        for block in sameSource + blocks.indices.filter({ blocks[$0].source != oldBlock.source }) {
            if let found = blocks[block].index(matching: message, near: local) { return blockFirstMessages[block] + found }
        }
        return nil
    }

    /// Where message `index` of `earlier` belongs in this layout: its unchanged copy, else the
    /// message at the same place in the list (an update in place), else the first.
    func index(corresponding index: Int, in earlier: CycleLayout) -> Int {
        self.index(ofMessage: index, in: earlier) ?? (index < messageCount ? index : 0)
    }
}

extension LayoutBlock {
    /// The index of a message with exactly these bytes, link and flags, the one nearest `index`
    /// when several are the same; nil when there is none.
    func index(matching message: Message, near index: Int) -> Int? {
        if textMessages.indices.contains(index), ReusableMessages.same(textMessages[index], message) {
            return index
        }
        var best: Int?
        for (candidate, laidOut) in textMessages.enumerated() where ReusableMessages.same(laidOut, message) {
            if best.map({ abs(candidate - index) < abs($0 - index) }) ?? true { best = candidate }
        }
        return best
    }
}
