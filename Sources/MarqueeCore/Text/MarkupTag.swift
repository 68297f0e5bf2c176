/// Inline formatting in the convention status-bar users already write (lemonbar, polybar):
///
/// - `%{F#rrggbb}` foreground, `%{B#rrggbb}` background (also `#rgb`, and `#aarrggbb` with alpha
///   first, as those bars write it); `%{F-}` and `%{B-}` go back to the ticker's colours;
/// - `%{T2}` the second `--font` (`T1` the first), `%{T-}` back to the first;
/// - `%{A:url:}…%{A}` a link (`A1:` is the same left button). The address ends at a `:` that is
///   followed by `}` or a space, so `https://…` needs no escaping; `\:` is a colon too;
/// - several in one tag, separated by spaces: `%{F#fff B#c00}`;
/// - `%%` a literal percent sign.
///
/// Anything else starting with `%` (an unknown letter, a broken colour, a missing `}`) is not a
/// tag: it is shown exactly as written, never an error.
enum MarkupTag {
    enum Outcome: Equatable {
        /// A valid tag: the style after it, and the offset just past its `}`.
        case style(TextStyle, end: Int)
        /// `%%`.
        case percent
        /// Not a tag: the `%` is text.
        case text
    }

    /// Longest tag considered, so a stray `%{` in a long text costs a bounded look-ahead.
    static let maxLength = 4096

    /// Parses the tag starting at the `%` at `offset`.
    /// - Parameter base: the message's own style, which `-` resets return to (its link, for one).
    static func parse(_ bytes: [UInt8], at offset: Int, style: TextStyle, base: TextStyle) -> Outcome {
        guard offset + 1 < bytes.count else { return .text }
        if bytes[offset + 1] == UInt8(ascii: "%") { return .percent }
        guard bytes[offset + 1] == UInt8(ascii: "{") else { return .text }
        var reader = TagReader(bytes: bytes, position: offset + 2, limit: min(bytes.count, offset + maxLength))
        var changed = style
        var items = 0
        while true {
            reader.skipSpaces()
            guard let letter = reader.take() else { return .text }
            if letter == UInt8(ascii: "}") {
                return items > 0 ? .style(changed, end: reader.position) : .text
            }
            switch letter {
            case UInt8(ascii: "F"):
                guard let color = reader.colorOrReset() else { return .text }
                changed.foreground = color ?? base.foreground
            case UInt8(ascii: "B"):
                guard let color = reader.colorOrReset() else { return .text }
                changed.background = color ?? base.background
            case UInt8(ascii: "T"):
                guard let slot = reader.fontSlotOrReset() else { return .text }
                changed.font = slot ?? base.font
            case UInt8(ascii: "A"):
                guard let link = reader.linkOrClose() else { return .text }
                changed.link = link ?? base.link
            default:
                return .text
            }
            items += 1
            // Items end at a space or at the closing brace.
            guard let next = reader.peek(), next == UInt8(ascii: " ") || next == UInt8(ascii: "}") else { return .text }
        }
    }
}

/// Reads the items inside one `%{…}`.
private struct TagReader {
    let bytes: [UInt8]
    var position: Int
    let limit: Int

    func peek() -> UInt8? { position < limit ? bytes[position] : nil }

    mutating func take() -> UInt8? {
        guard let byte = peek() else { return nil }
        position += 1
        return byte
    }

    mutating func skipSpaces() {
        while peek() == UInt8(ascii: " ") { position += 1 }
    }

    /// The token up to the next space or `}`.
    mutating func token() -> ArraySlice<UInt8> {
        let start = position
        while let byte = peek(), byte != UInt8(ascii: " "), byte != UInt8(ascii: "}") { position += 1 }
        return bytes[start..<position]
    }

    /// `-` (reset: `.some(nil)`) or a colour; nil when it is neither.
    mutating func colorOrReset() -> RGBAColor?? {
        let value = token()
        if value.elementsEqual("-".utf8) { return .some(nil) }
        guard let color = Self.color(value) else { return nil }
        return .some(color)
    }

    /// `#rgb`, `#rrggbb` or `#aarrggbb` (the bars' order: alpha first).
    static func color(_ value: ArraySlice<UInt8>) -> RGBAColor? {
        guard value.first == UInt8(ascii: "#") else { return nil }
        let digits = value.dropFirst()
        if digits.count == 8 {
            let reordered = "#" + String(decoding: digits.dropFirst(2), as: UTF8.self) + String(decoding: digits.prefix(2), as: UTF8.self)
            return RGBAColor(hex: reordered)
        }
        guard digits.count == 3 || digits.count == 6 else { return nil }
        return RGBAColor(hex: String(decoding: value, as: UTF8.self))
    }

    /// `-` or a 1-based font number (`T2` is slot 1); nil when it is neither.
    mutating func fontSlotOrReset() -> Int?? {
        let value = token()
        if value.elementsEqual("-".utf8) { return .some(nil) }
        guard !value.isEmpty, value.count <= 2, value.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
              let number = Int(String(decoding: value, as: UTF8.self)), number >= 1 else { return nil }
        return .some(number - 1)
    }

    /// After `A`: an optional button number, then `:address:` (opens a link) or nothing/`-`
    /// (closes it: `.some(nil)`). Only the left button opens links; nil when malformed.
    mutating func linkOrClose() -> String?? {
        if peek() == UInt8(ascii: "1") { position += 1 }
        guard peek() == UInt8(ascii: ":") else {
            let rest = token()
            return rest.isEmpty || rest.elementsEqual("-".utf8) ? .some(nil) : nil
        }
        position += 1
        var address: [UInt8] = []
        while let byte = take() {
            if byte == UInt8(ascii: "\\"), peek() == UInt8(ascii: ":") {
                address.append(UInt8(ascii: ":"))
                position += 1
            } else if byte == UInt8(ascii: ":") && (peek() == UInt8(ascii: "}") || peek() == UInt8(ascii: " ")) {
                return address.isEmpty ? nil : .some(String(decoding: address, as: UTF8.self))
            } else {
                address.append(byte)
            }
        }
        return nil
    }
}
