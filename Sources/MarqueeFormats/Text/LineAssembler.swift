/// Assembles lines from a byte stream that arrives in arbitrary pieces (a pipe on standard input)
/// and keeps the `keep` latest complete lines as the messages to show.
///
/// A line longer than `longestLine` bytes is cut there, at a character's start. With `.split` the
/// rest goes on as the next line (a file's text is shown whole); with `.cut` the line is shown as
/// cut and the rest of it, up to its newline, is left out (`cutLines` counts them, for the one
/// warning): a stream without line breaks (`xmarquee - < /dev/urandom`) is then never held
/// whole, only its first `longestLine` bytes. The kept lines together stay within `keptBytes`
/// (the latest line always stays).
public struct LineAssembler {
    public enum Overlong: Sendable {
        case split
        case cut
    }

    public static let defaultLongestLine = 64 << 20
    public let keep: Int
    public let longestLine: Int
    public let overlong: Overlong
    public let keptBytes: Int
    public private(set) var lines: [String] = []
    /// Lines cut at `longestLine` with `.cut` so far.
    public private(set) var cutLines = 0
    private var partial: [UInt8] = []
    /// After a cut: the rest of that line is being left out, up to its newline.
    private var skippingRest = false
    private var linesBytes = 0

    public init(keep: Int, longestLine: Int = defaultLongestLine, overlong: Overlong = .split, keptBytes: Int = .max) {
        precondition(keep >= 1 && longestLine >= 4)
        self.keep = keep
        self.longestLine = longestLine
        self.overlong = overlong
        self.keptBytes = keptBytes
    }

    /// Feeds a piece of the stream; returns true when the kept lines changed.
    public mutating func append<Bytes: Collection>(_ bytes: Bytes) -> Bool where Bytes.Element == UInt8 {
        var changed = false
        var rest = bytes[...]
        while let newline = rest.firstIndex(of: UInt8(ascii: "\n")) {
            changed = take(rest[..<newline]) || changed
            if skippingRest {
                skippingRest = false
            } else {
                changed = commitPartial() || changed
            }
            rest = rest[rest.index(after: newline)...]
        }
        return take(rest) || changed
    }

    /// The stream ended: a last line without a newline still counts.
    public mutating func finish() -> Bool {
        skippingRest = false
        return partial.isEmpty ? false : commitPartial()
    }

    /// Adds bytes of the line being read; past `longestLine`, splits or cuts it. True when the
    /// kept lines changed.
    private mutating func take<Bytes: Collection>(_ bytes: Bytes) -> Bool where Bytes.Element == UInt8 {
        guard !skippingRest else { return false }
        switch overlong {
        case .split:
            partial.append(contentsOf: bytes)
            var changed = false
            while partial.count > longestLine {
                var cut = longestLine
                while cut > 0 && partial[cut] & 0xC0 == 0x80 { cut -= 1 }
                let rest = Array(partial[cut...])
                partial.removeSubrange(cut...)
                changed = commitPartial() || changed
                partial = rest
            }
            return changed
        case .cut:
            let room = longestLine - partial.count
            guard bytes.count > room else {
                partial.append(contentsOf: bytes)
                return false
            }
            partial.append(contentsOf: bytes.prefix(room))
            // A character that goes on past the limit is left out whole.
            if bytes.dropFirst(room).first.map({ $0 & 0xC0 == 0x80 }) == true {
                var start = partial.count
                while start > 0 && partial[start - 1] & 0xC0 == 0x80 { start -= 1 }
                partial.removeSubrange(max(start - 1, 0)...)
            }
            cutLines += 1
            skippingRest = true
            return commitPartial()
        }
    }

    private mutating func commitPartial() -> Bool {
        if partial.last == UInt8(ascii: "\r") { partial.removeLast() }
        let blank = TextSanitizer.isBlank(partial)
        let line = blank ? "" : TextSanitizer.decode(partial)
        partial.removeAll(keepingCapacity: partial.count < 1 << 16)
        guard !blank else { return false }
        lines.append(line)
        linesBytes += line.utf8.count
        while lines.count > keep || (lines.count > 1 && linesBytes > keptBytes) {
            linesBytes -= lines.removeFirst().utf8.count
        }
        return true
    }
}
