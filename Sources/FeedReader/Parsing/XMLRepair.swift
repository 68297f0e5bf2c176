/// The faults of feeds in the wild that XML forbids but whose meaning is plain, put right in the
/// text before libxml2 reads it again:
///
/// - anything before the first `<` (blank lines before `<?xml`, a script's warning) is dropped;
/// - `&name;` for a name HTML5 defines (`&nbsp;`, `&mdash;`, `&eacute;`) becomes the numeric
///   reference of its characters, and the five XML names become numeric too — libxml2's recover
///   mode drops named references once it has seen an error, numeric ones never;
/// - a `&` that starts no reference (`?a=1&b=2`), or an unknown name, is kept as text (`&#38;`);
/// - a `<` that starts no markup (`a < b`, `<3`) is kept as text (`&#60;`);
/// - a numeric reference to what is not an XML character becomes U+FFFD;
/// - control characters XML does not allow are dropped;
/// - the DOCTYPE is dropped: its entities would not be expanded anyway (see `XMLEventParser`);
/// - a CDATA section cut short by the end of the document is closed; a `]]>` outside one (the
///   end of a CDATA nested in another, whose inner end closed the outer) is dropped;
/// - tags are balanced as an HTML reader would (`XMLRepair+Tags`): unquoted or repeated
///   attributes, HTML left unclosed inside a field (`<br>`, `<p>`), stray and misspelt end tags.
///
/// CDATA sections, comments and processing instructions are copied as they are. A document cut
/// short is left cut short: libxml2's recover mode reads it up to the cut.
struct XMLRepair {
    let text: [UInt8]
    var index: Int
    var output: [UInt8] = []
    /// The names of the elements open at `index`, outermost first.
    var open: [ArraySlice<UInt8>] = []
    /// How many elements of each name (in lower case) are open: whether an end tag closes one
    /// is known without searching `open`.
    var openNames: [[UInt8]: Int] = [:]

    static func repaired(_ text: [UInt8]) -> [UInt8] {
        var repair = XMLRepair(text: text, index: text.firstIndex(of: UInt8(ascii: "<")) ?? text.endIndex)
        repair.output.reserveCapacity(text.count + text.count / 16)
        repair.run()
        return repair.output
    }

    func starts(_ prefix: String, at position: Int) -> Bool {
        let bytes = Array(prefix.utf8)
        return position + bytes.count <= text.count && text[position..<position + bytes.count].elementsEqual(bytes)
    }

    /// The index just past `terminator` from `position`, or the end.
    func after(_ terminator: String, from position: Int) -> Int {
        let bytes = Array(terminator.utf8)
        var cursor = position
        while cursor + bytes.count <= text.count {
            if text[cursor] == bytes[0] && text[cursor..<cursor + bytes.count].elementsEqual(bytes) { return cursor + bytes.count }
            cursor += 1
        }
        return text.count
    }

    private mutating func run() {
        while index < text.count {
            let byte = text[index]
            if byte == UInt8(ascii: "<") {
                if copyVerbatim() || skipDoctype() || repairTag() { continue }
            }
            if byte == UInt8(ascii: "]"), starts("]]>", at: index) {
                index += 3 // the end of a CDATA nested in another, whose own end came first
                continue
            }
            copyCharacter()
        }
    }

    /// A CDATA section, comment or processing instruction at `index`, copied as it is.
    private mutating func copyVerbatim() -> Bool {
        let isCDATA = starts("<![CDATA[", at: index)
        let verbatimEnd: Int? = isCDATA ? after("]]>", from: index + 9)
            : starts("<!--", at: index) ? after("-->", from: index + 4)
            : starts("<?", at: index) ? after("?>", from: index + 2) : nil
        guard let verbatimEnd else { return false }
        output.append(contentsOf: text[index..<verbatimEnd])
        // A CDATA section the document's end cut short keeps its text.
        if isCDATA, !text[index..<verbatimEnd].reversed().starts(with: "]]>".utf8.reversed()) {
            output.append(contentsOf: "]]>".utf8)
        }
        index = verbatimEnd
        return true
    }

    private mutating func skipDoctype() -> Bool {
        guard starts("<!DOCTYPE", at: index) else { return false }
        let close = text[index...].firstIndex(of: UInt8(ascii: ">")) ?? text.count
        let subset = text[index..<close].firstIndex(of: UInt8(ascii: "["))
        index = subset.map { after(">", from: after("]", from: $0)) } ?? min(close + 1, text.count)
        return true
    }

    /// One character of text at `index`: a reference put right, a forbidden character dropped.
    mutating func copyCharacter() {
        let byte = text[index]
        if byte == UInt8(ascii: "&") {
            let (replacement, length) = Self.reference(in: text, at: index)
            output.append(contentsOf: replacement)
            index += length
            return
        }
        index += 1
        if byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D { return }
        // U+FFFE and U+FFFF are not XML characters either.
        if byte == 0xEF, index + 1 < text.count, text[index] == 0xBF, text[index + 1] >= 0xBE {
            index += 2
            return
        }
        output.append(byte)
    }

    /// What replaces the `&` at `position`, and how many bytes of the input that takes.
    private static func reference(in text: [UInt8], at position: Int) -> ([UInt8], Int) {
        let literalAmpersand = Array("&#38;".utf8)
        var end = position + 1
        while end < text.count, end - position <= 48, isNameByte(text[end]) || text[end] == UInt8(ascii: "#") { end += 1 }
        guard end < text.count, text[end] == UInt8(ascii: ";"), end > position + 1 else { return (literalAmpersand, 1) }
        let name = String(decoding: text[(position + 1)..<end], as: UTF8.self)
        let length = end + 1 - position
        if name.hasPrefix("#") {
            let digits = name.dropFirst()
            let value = digits.first == "x" || digits.first == "X" ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
            guard let value else { return (literalAmpersand, 1) }
            return (numeric([isXMLCharacter(value) ? value : 0xFFFD]), length)
        }
        if let scalars = HTMLEntities.characters(named: Substring(name)) {
            return (numeric(scalars.map(\.value)), length)
        }
        return (literalAmpersand, 1) // an unknown name stays as written
    }

    private static func numeric(_ values: [UInt32]) -> [UInt8] {
        Array(values.map { "&#\($0);" }.joined().utf8)
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
    }

    static func isXMLCharacter(_ value: UInt32) -> Bool {
        value == 0x9 || value == 0xA || value == 0xD || (0x20...0xD7FF).contains(value)
            || (0xE000...0xFFFD).contains(value) || (0x10000...0x10FFFF).contains(value)
    }
}
