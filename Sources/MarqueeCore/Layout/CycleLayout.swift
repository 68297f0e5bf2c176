/// A run of up to `CycleLayoutBuilder.maxChunkScalars` characters in one style, with a known
/// position and width.
///
/// Chunks keep long texts cheap: a tile draws only the chunks it overlaps, found by binary
/// search, so the work for a frame never depends on how long the whole text is.
public struct LayoutChunk: Equatable, Sendable {
    /// Byte range of the chunk in `CycleLayout.text`.
    public var bytes: Range<Int>
    /// Left edge within the cycle, in pixels.
    public var x: Int
    public var width: Int
    /// Index of its style in `CycleLayout.styles`.
    public var style: Int
    public var end: Int { x + width }
}

/// One cycle of the strip: every message (inside its padding) followed by the separator,
/// measured and positioned. The strip repeats this cycle forever.
public final class CycleLayout: Sendable {
    /// All messages and separators as drawn: tags removed, right-to-left text in visual order.
    public let text: [UInt8]
    public let chunks: [LayoutChunk]
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

    init(text: [UInt8], chunks: [LayoutChunk], styles: [TextStyle], width: Int, messageStarts: [Int],
         messageEnds: [Int], separatorWidth: Int, laidOutMessages: [LaidOutMessage], settings: LayoutSettings) {
        self.text = text
        self.chunks = chunks
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

    /// The text of one chunk as unicode scalars, for drawing.
    public func scalars(of chunk: LayoutChunk) -> UTF8ScalarSequence {
        UTF8ScalarSequence(bytes: text, range: chunk.bytes)
    }
}

/// Decodes scalars from a byte array that is known to be valid UTF-8 (it came from a `String`).
public struct UTF8ScalarSequence: Sequence, IteratorProtocol {
    let bytes: [UInt8]
    var index: Int
    let end: Int

    init(bytes: [UInt8], range: Range<Int>) {
        self.bytes = bytes
        self.index = range.lowerBound
        self.end = range.upperBound
    }

    /// The next scalar as displayed (see `displayed(_:)`); skipped ones do not appear.
    @inline(__always)
    public mutating func next() -> Unicode.Scalar? {
        while index < end {
            let (scalar, length) = decodeUTF8(bytes, at: index)
            index += length
            if let shown = displayed(scalar) { return shown }
        }
        return nil
    }
}

/// How a scalar appears on the one-line strip: line breaks and tabs as a space, other control
/// characters not at all (fonts have no glyph for them). Applied while laying out and while
/// drawing, in the same sliced passes, so even a 10 MB line is never walked in one go.
@inline(__always)
func displayed(_ scalar: Unicode.Scalar) -> Unicode.Scalar? {
    let value = scalar.value
    if value >= 0x20 && value < 0x7F { return scalar }
    switch value {
    case 0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029: return " "
    case 0x00..<0x20, 0x7F..<0xA0: return nil
    default: return scalar
    }
}

/// Decodes the scalar starting at `index` of valid UTF-8.
@inline(__always)
func decodeUTF8(_ bytes: [UInt8], at index: Int) -> (Unicode.Scalar, Int) {
    let lead = UInt32(bytes[index])
    let value: UInt32
    let length: Int
    if lead < 0x80 {
        return (Unicode.Scalar(UInt8(lead)), 1)
    } else if lead < 0xE0 {
        value = (lead & 0x1F) << 6 | UInt32(bytes[index + 1] & 0x3F)
        length = 2
    } else if lead < 0xF0 {
        value = (lead & 0x0F) << 12 | UInt32(bytes[index + 1] & 0x3F) << 6 | UInt32(bytes[index + 2] & 0x3F)
        length = 3
    } else {
        value = (lead & 0x07) << 18 | UInt32(bytes[index + 1] & 0x3F) << 12
            | UInt32(bytes[index + 2] & 0x3F) << 6 | UInt32(bytes[index + 3] & 0x3F)
        length = 4
    }
    return (Unicode.Scalar(value) ?? "\u{FFFD}", length)
}
