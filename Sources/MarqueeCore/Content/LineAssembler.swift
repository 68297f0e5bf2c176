/// Assembles lines from a byte stream that arrives in arbitrary pieces (a pipe on standard input)
/// and keeps the `keep` latest complete lines as the messages to show.
///
/// A line longer than `longestLine` bytes is cut there (at a character's start) and the rest
/// goes on as the next line: a stream without line breaks (`xmarquee - < /dev/zero`) must not
/// grow without bound.
public struct LineAssembler {
    public static let defaultLongestLine = 64 << 20
    public let keep: Int
    public let longestLine: Int
    public private(set) var lines: [String] = []
    private var partial: [UInt8] = []

    public init(keep: Int, longestLine: Int = defaultLongestLine) {
        precondition(keep >= 1 && longestLine >= 4)
        self.keep = keep
        self.longestLine = longestLine
    }

    /// Feeds a piece of the stream; returns true when the kept lines changed.
    public mutating func append<Bytes: Collection>(_ bytes: Bytes) -> Bool where Bytes.Element == UInt8 {
        var changed = false
        var rest = bytes[...]
        while let newline = rest.firstIndex(of: UInt8(ascii: "\n")) {
            partial.append(contentsOf: rest[..<newline])
            changed = commitPartial() || changed
            rest = rest[rest.index(after: newline)...]
        }
        partial.append(contentsOf: rest)
        while partial.count > longestLine {
            var cut = longestLine
            while cut > 0 && partial[cut] & 0xC0 == 0x80 { cut -= 1 }
            let rest = Array(partial[cut...])
            partial.removeSubrange(cut...)
            changed = commitPartial() || changed
            partial = rest
        }
        return changed
    }

    /// The stream ended: a last line without a newline still counts.
    public mutating func finish() -> Bool {
        partial.isEmpty ? false : commitPartial()
    }

    private mutating func commitPartial() -> Bool {
        if partial.last == UInt8(ascii: "\r") { partial.removeLast() }
        let blank = TextSanitizer.isBlank(partial)
        let line = blank ? "" : TextSanitizer.decode(partial)
        partial.removeAll(keepingCapacity: partial.count < 1 << 16)
        guard !blank else { return false }
        lines.append(line)
        if lines.count > keep { lines.removeFirst(lines.count - keep) }
        return true
    }
}
