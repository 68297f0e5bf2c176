/// Walks one message's UTF-8 bytes as runs of text in one style, applying the inline formatting
/// tags between them (see `MarkupTag`). Runs are bounded in length so a 10 MB line is taken
/// in small steps, like every other part of the layout.
///
/// Text that is data (a feed's) is scanned with `interpretsTags` false: every byte is text.
struct MarkupScanner {
    let bytes: [UInt8]
    private let interpretsTags: Bool
    private let base: TextStyle
    /// The style of the run `nextRun` returned last.
    private(set) var style: TextStyle
    private var position = 0
    /// The offset of a `%` that is text (the second of `%%`, or one that starts no valid tag).
    private var literalPercent = -1

    init(bytes: [UInt8], interpretsTags: Bool, base: TextStyle) {
        self.bytes = bytes
        self.interpretsTags = interpretsTags
        self.base = base
        style = base
    }

    /// Resumes a scan at the start of `bytes` in `style`, where the first character is known to
    /// be text (a `%` there is not a tag's).
    init(bytes: [UInt8], interpretsTags: Bool, base: TextStyle, resumingIn style: TextStyle) {
        self.init(bytes: bytes, interpretsTags: interpretsTags, base: base)
        self.style = style
        literalPercent = 0
    }

    /// The next run of at most `maxScalars` scalars in one style, after applying the tags that
    /// precede it; nil at the end of the text.
    mutating func nextRun(maxScalars: Int) -> (range: Range<Int>, scalars: Int)? {
        while position < bytes.count {
            if startsTag(at: position) {
                switch MarkupTag.parse(bytes, at: position, style: style, base: base) {
                case .style(let changed, let end):
                    style = changed
                    position = end
                    continue
                case .percent:
                    // `%%`: the first is dropped, the second is text.
                    literalPercent = position + 1
                    position += 1
                    continue
                case .text:
                    // Unknown or broken: the `%` and everything after it are shown as written.
                    literalPercent = position
                }
            }
            let start = position
            var count = 0
            while position < bytes.count && count < maxScalars && (count == 0 || !startsTag(at: position)) {
                position += utf8Length(lead: bytes[position])
                count += 1
            }
            return (start..<position, count)
        }
        return nil
    }

    @inline(__always)
    private func startsTag(at offset: Int) -> Bool {
        interpretsTags && bytes[offset] == UInt8(ascii: "%") && offset != literalPercent
    }
}

/// The length of a UTF-8 sequence from its first byte (the text is valid UTF-8: it came from a `String`).
@inline(__always)
func utf8Length(lead: UInt8) -> Int {
    lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
}
