/// Tags put right as an HTML reader would read them, so that one fault does not shift every
/// element after it (libxml2's recover mode takes any end tag as the end of the element open,
/// and a `<br>` left open in a title then swallows the rest of the feed):
///
/// - an attribute's value without quotes is quoted, one without a value gets an empty one, a
///   repeated attribute is dropped, and a `<` or `"` inside a value is written as a reference;
/// - an end tag closes the element of its name (any case) and every element left open inside it
///   (`<p>`, `<br>`, `<img>` written as HTML);
/// - an end tag of no open element closes the element open when its name is that one misspelt
///   (`</titel>`: one letter off, or two in a name longer than five), and is dropped otherwise (a
///   stray `</b>`; closing instead would shift every element after it);
/// - a tag the document's end cuts short is copied as it is, for the recover mode to read.
extension XMLRepair {
    /// libxml2 reads no deeper without XML_PARSE_HUGE: start tags past it are dropped (their text stays).
    static let maxDepth = 256

    /// Repairs the tag at `index` (a `<`); false when it is markup to copy as it is (`<!…`).
    mutating func repairTag() -> Bool {
        guard index + 1 < text.count else { return escapeLessThan() }
        let next = text[index + 1]
        if next == UInt8(ascii: "!") { return false }
        if next == UInt8(ascii: "/") {
            guard index + 2 < text.count, Self.startsName(text[index + 2]) else { return escapeLessThan() }
            return repairEndTag()
        }
        return Self.startsName(next) ? repairStartTag() : escapeLessThan()
    }

    /// A `<` that starts no markup is text.
    private mutating func escapeLessThan() -> Bool {
        output.append(contentsOf: "&#60;".utf8)
        index += 1
        return true
    }

    /// The rest of the document as it is: a tag the end cut short.
    private mutating func copyRest() -> Bool {
        output.append(contentsOf: text[index...])
        index = text.count
        return true
    }

    private mutating func repairStartTag() -> Bool {
        var cursor = index + 1
        let name = tagName(from: &cursor)
        var attributes: [UInt8] = []
        var seen: Set<[UInt8]> = []
        var selfClosing = false
        while true {
            while cursor < text.count, Self.isSpace(text[cursor]) { cursor += 1 }
            guard cursor < text.count else { return copyRest() }
            let byte = text[cursor]
            if byte == UInt8(ascii: ">") {
                cursor += 1
                break
            }
            if byte == UInt8(ascii: "/"), cursor + 1 < text.count, text[cursor + 1] == UInt8(ascii: ">") {
                cursor += 2
                selfClosing = true
                break
            }
            // `<a <b>`: the first tag was never closed; the next one starts here.
            if byte == UInt8(ascii: "<") { break }
            guard Self.startsName(byte) else {
                cursor += 1 // a stray quote or `=`
                continue
            }
            let attribute = tagName(from: &cursor)
            while cursor < text.count, Self.isSpace(text[cursor]) { cursor += 1 }
            var value = cursor..<cursor
            if cursor < text.count, text[cursor] == UInt8(ascii: "=") {
                cursor += 1
                while cursor < text.count, Self.isSpace(text[cursor]) { cursor += 1 }
                guard cursor < text.count else { return copyRest() }
                let quote = text[cursor]
                if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
                    guard let close = text[(cursor + 1)...].firstIndex(of: quote) else { return copyRest() }
                    value = (cursor + 1)..<close
                    cursor = close + 1
                } else {
                    let start = cursor
                    while cursor < text.count, !Self.isSpace(text[cursor]), text[cursor] != UInt8(ascii: ">") { cursor += 1 }
                    value = start..<cursor
                }
            }
            guard seen.insert(Array(attribute)).inserted else { continue }
            attributes.append(UInt8(ascii: " "))
            attributes.append(contentsOf: attribute)
            attributes.append(contentsOf: "=\"".utf8)
            attributes.append(contentsOf: attributeText(value))
            attributes.append(UInt8(ascii: "\""))
        }
        index = cursor
        guard selfClosing || open.count < Self.maxDepth else { return true }
        output.append(UInt8(ascii: "<"))
        output.append(contentsOf: name)
        output.append(contentsOf: attributes)
        output.append(contentsOf: selfClosing ? "/>".utf8 : ">".utf8)
        if !selfClosing {
            open.append(name)
            openNames[Self.folded(name), default: 0] += 1
        }
        return true
    }

    private mutating func repairEndTag() -> Bool {
        var cursor = index + 2
        let name = tagName(from: &cursor)
        guard let close = text[cursor...].firstIndex(of: UInt8(ascii: ">")) else { return copyRest() }
        index = close + 1
        if openNames[Self.folded(name), default: 0] > 0 {
            let key = Self.folded(name)
            while let last = open.last {
                closeLast()
                if Self.folded(last) == key { break }
            }
        } else if let last = open.last, Self.isMisspelt(Self.folded(name), Self.folded(last)) {
            closeLast()
        }
        return true
    }

    private mutating func closeLast() {
        guard let last = open.popLast() else { return }
        let key = Self.folded(last)
        openNames[key, default: 1] -= 1
        if openNames[key] == 0 { openNames[key] = nil }
        output.append(contentsOf: "</".utf8)
        output.append(contentsOf: last)
        output.append(UInt8(ascii: ">"))
    }

    /// Whether `written` is `meant` with a letter or two wrong, missing, added or swapped (the
    /// optimal string alignment distance: 1 for names of up to five letters, 2 for longer ones).
    static func isMisspelt(_ written: [UInt8], _ meant: [UInt8]) -> Bool {
        let allowed = meant.count > 5 ? 2 : 1
        guard written.count <= 64, meant.count <= 64, abs(written.count - meant.count) <= allowed else { return false }
        // Three rows of the distance table: two back (for a swap), one back, this one.
        var before = [Int](repeating: 0, count: meant.count + 1)
        var previous = Array(0...meant.count)
        var current = previous
        for i in 1...max(1, written.count) where !written.isEmpty {
            current[0] = i
            for j in 1...max(1, meant.count) where !meant.isEmpty {
                let cost = written[i - 1] == meant[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, written[i - 1] == meant[j - 2], written[i - 2] == meant[j - 1] {
                    current[j] = min(current[j], before[j - 2] + 1)
                }
            }
            (before, previous, current) = (previous, current, before)
        }
        return previous[meant.count] <= allowed
    }

    /// A tag's or attribute's name from `cursor`, which is left just past it.
    private func tagName(from cursor: inout Int) -> ArraySlice<UInt8> {
        let start = cursor
        while cursor < text.count, Self.continuesName(text[cursor]) { cursor += 1 }
        return text[start..<cursor]
    }

    /// An attribute's value as it may stand between double quotes.
    private func attributeText(_ range: Range<Int>) -> [UInt8] {
        var repair = XMLRepair(text: Array(text[range]), index: 0)
        while repair.index < repair.text.count {
            switch repair.text[repair.index] {
            case UInt8(ascii: "<"):
                repair.output.append(contentsOf: "&#60;".utf8)
                repair.index += 1
            case UInt8(ascii: "\""):
                repair.output.append(contentsOf: "&#34;".utf8)
                repair.index += 1
            default: repair.copyCharacter()
            }
        }
        return repair.output
    }

    private static func folded(_ name: ArraySlice<UInt8>) -> [UInt8] {
        name.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// A letter, `_`, `:` or any byte of a non-ASCII character, as XML names start.
    private static func startsName(_ byte: UInt8) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == UInt8(ascii: "_")
            || byte == UInt8(ascii: ":") || byte >= 0x80
    }

    private static func continuesName(_ byte: UInt8) -> Bool {
        startsName(byte) || (byte >= 0x30 && byte <= 0x39) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
    }
}
