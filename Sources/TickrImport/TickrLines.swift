/// The lines of one of Tickr's files, as Tickr writes them (C `fprintf`, a `\n` each) and as an
/// editor may have left them (CRLF, no newline at the end). A line longer than `maxLength`
/// bytes is reported and not read: Tickr itself keeps at most a few hundred bytes of one.
struct TickrLines: Sequence {
    struct Line {
        /// 1-based, for messages.
        let number: Int
        /// The line's text when it is UTF-8; nil when it is not.
        let text: String?
        /// The line's bytes, without its line break.
        let bytes: ArraySlice<UInt8>
        /// Longer than the limit: `bytes` is empty and `text` nil.
        let tooLong: Bool
    }

    static let maxLength = 8 << 10

    let bytes: [UInt8]

    func makeIterator() -> AnyIterator<Line> {
        var start = 0
        var number = 0
        return AnyIterator {
            guard start < bytes.count else { return nil }
            number += 1
            let end = bytes[start...].firstIndex(of: 0x0A) ?? bytes.count
            var content = bytes[start..<end]
            start = end + 1
            if content.last == 0x0D { content = content.dropLast() }
            guard content.count <= Self.maxLength else { return Line(number: number, text: nil, bytes: [], tooLong: true) }
            return Line(number: number, text: String(validating: content, as: UTF8.self), bytes: content, tooLong: false)
        }
    }
}
