/// What the TOML text must be before TOMLKit sees it, checked on the bytes with line and column.
///
/// TOMLKit hands the document and every key and string to C++ as NUL-terminated strings, and
/// the toml++ it bundles keeps its assertions on. So, found here first:
/// - invalid UTF-8 (TOMLKit would take Swift's repaired text, and accept it),
/// - control characters other than tab and CR LF, NUL included (a raw NUL would cut the
///   document short and the rest would go unread; TOML forbids them everywhere),
/// - an escaped NUL (`\u0000`) in a basic string or quoted key: it would cut the key or value
///   short on its way out of C++ (a key cut so is then looked up in vain and TOMLKit traps), so
///   it is read as U+FFFD, the way the ticker shows any character it cannot show,
/// - a table header whose key starts with neither a bare-key character nor a quote (`[.]`,
///   `[[[ x`, `[` and a line break), a `}` where an array expects a value (`[1,}]`, `[ }`), and
///   a number or date followed by a space and a digit, other than a date's time (`1979-05-27 2`):
///   toml++ 3.4 asserts at each and aborts the process.
///
/// Only the lexical shape is followed (comments, the four kinds of string, brackets inside
/// values), enough to tell a header from a line of a multi-line array or string; the grammar
/// itself is TOMLKit's.
struct TOMLPrecheck {
    struct Problem: Error, Equatable {
        let line: Int
        let column: Int
        let message: String
    }

    private var bytes: [UInt8]
    private var index = 0
    private var line = 1
    /// Index of the first byte of the current line, for columns.
    private var lineStart = 0

    /// The document to hand to TOMLKit (escaped NULs replaced), or the first problem found.
    static func prepare(_ bytes: [UInt8]) throws(Problem) -> [UInt8] {
        var precheck = TOMLPrecheck(bytes: bytes)
        try precheck.checkEncoding()
        precheck.index = 0
        try precheck.checkStructure()
        return precheck.bytes
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    // MARK: Characters

    /// UTF-8 and control characters, in one pass; positions counted in characters.
    private mutating func checkEncoding() throws(Problem) {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var column = 1
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .emptyInput:
                return
            case .error:
                throw Problem(line: line, column: column, message: "invalid UTF-8 (byte 0x\(hex(bytes[offset])))")
            case .valid(let encoded):
                let scalar = Unicode.UTF8.decode(encoded)
                let value = scalar.value
                if value == 0x0A {
                    line += 1
                    column = 0
                } else if value == 0x0D {
                    guard offset + 1 < bytes.count, bytes[offset + 1] == 0x0A else {
                        throw Problem(line: line, column: column, message: "a carriage return not followed by a line feed")
                    }
                } else if (value < 0x20 && value != 0x09) || value == 0x7F {
                    throw Problem(line: line, column: column, message: "control character U+\(hex4(value)) (TOML allows only tab and line breaks)")
                }
                column += 1
                offset += encoded.count
            }
        }
    }

    // MARK: Structure

    private mutating func checkStructure() throws(Problem) {
        line = 1
        lineStart = 0
        // toml++ skips a byte order mark: so must the search for headers (found by the fuzzer).
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        while index < bytes.count {
            skipSpaces()
            guard let byte = peek() else { return }
            switch byte {
            case UInt8(ascii: "\n"): newline()
            case UInt8(ascii: "#"): skipComment()
            case UInt8(ascii: "["): try header()
            default: try keyValue()
            }
        }
    }

    /// `[key]` or `[[key]]`: the first key must start like a key.
    private mutating func header() throws(Problem) {
        index += 1
        skipSpaces()
        if peek() == UInt8(ascii: "[") {
            index += 1
            skipSpaces()
        }
        guard let first = peek() else { return }
        guard Self.isBareKey(first) || first == UInt8(ascii: "\"") || first == UInt8(ascii: "'") || first == UInt8(ascii: "]") else {
            throw Problem(line: line, column: column, message: "a table header must start with a key, not \(describe(first))")
        }
        // The rest of the header: quoted parts may hold brackets.
        while let byte = peek(), byte != UInt8(ascii: "\n") {
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") { try string() } else if byte == UInt8(ascii: "#") {
                skipComment()
            } else { index += 1 }
        }
    }

    /// `key = value`, the value running over lines while brackets are open.
    private mutating func keyValue() throws(Problem) {
        // The key: bare parts, quoted parts and dots, up to "=".
        while let byte = peek(), byte != UInt8(ascii: "="), byte != UInt8(ascii: "\n") {
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") { try string() } else { index += 1 }
        }
        guard peek() == UInt8(ascii: "=") else { return }
        index += 1
        // Open brackets of the value, and whether an array waits for its next value (after
        // "[" or ","): toml++ asserts when a "}" comes there.
        var open: [UInt8] = []
        var arrayWantsValue = false
        while let byte = peek() {
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"): index += 1
            case UInt8(ascii: "#"): skipComment()
            case UInt8(ascii: "\n"):
                if open.isEmpty { return }
                newline()
            case UInt8(ascii: "\""), UInt8(ascii: "'"):
                try string()
                arrayWantsValue = false
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                open.append(byte)
                arrayWantsValue = byte == UInt8(ascii: "[")
                index += 1
            case UInt8(ascii: "}"):
                if arrayWantsValue {
                    throw Problem(line: line, column: column, message: "expected a value or \"]\" in the array, not \"}\"")
                }
                _ = open.popLast()
                index += 1
            case UInt8(ascii: "]"):
                _ = open.popLast()
                arrayWantsValue = false
                index += 1
            case UInt8(ascii: ","):
                arrayWantsValue = open.last == UInt8(ascii: "[")
                index += 1
            default:
                if let problem = numberFollowedByDigit() { throw problem }
                arrayWantsValue = false
                index += 1
            }
        }
    }

    /// A bare value (a number or date) followed by a space and a digit: valid only as a date and
    /// its time (`1979-05-27 07:32:00`); toml++ asserts on others, such as `1979-05-27 2` or
    /// `555------- 2` (found by the config fuzzer). Checked at the start of each bare value.
    private func numberFollowedByDigit() -> Problem? {
        let isDigit = { (byte: UInt8) in (0x30...0x39).contains(byte) }
        guard index < bytes.count, isDigit(bytes[index]) || bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-"),
              index > 0, [0x20, 0x09, UInt8(ascii: "="), UInt8(ascii: ","), UInt8(ascii: "["), UInt8(ascii: "{")].contains(bytes[index - 1])
        else { return nil }
        var end = index
        while end < bytes.count, Self.isBareValue(bytes[end]) { end += 1 }
        guard end + 1 < bytes.count, bytes[end] == UInt8(ascii: " "), isDigit(bytes[end + 1]) else { return nil }
        let token = Array(bytes[index..<end])
        let isDate = token.count == 10 && token.enumerated().allSatisfy { offset, byte in
            offset == 4 || offset == 7 ? byte == UInt8(ascii: "-") : isDigit(byte)
        }
        let timeFollows = end + 3 < bytes.count && isDigit(bytes[end + 2]) && bytes[end + 3] == UInt8(ascii: ":")
        guard !(isDate && timeFollows) else { return nil }
        return Problem(line: line, column: column + (end - index) + 1,
                       message: isDate ? "a date and a space must be followed by a time (HH:MM:SS)"
                                       : "expected a comment, a line break or a comma after the value")
    }

    /// A character of a bare value: anything but what toml++ takes as its end.
    private static func isBareValue(_ byte: UInt8) -> Bool {
        ![0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: "#")].contains(byte)
    }

    /// A basic or literal string, single- or multi-line, from its opening quote past its closing one.
    private mutating func string() throws(Problem) {
        let quote = bytes[index]
        let multiline = starts(with: [quote, quote, quote])
        index += multiline ? 3 : 1
        while let byte = peek() {
            if byte == quote {
                if !multiline {
                    index += 1
                    return
                }
                if starts(with: [quote, quote, quote]) {
                    index += 3
                    // Up to two more quotes belong to the string (`""""` ends with one inside).
                    var extra = 0
                    while extra < 2, peek() == quote { index += 1; extra += 1 }
                    return
                }
                index += 1
            } else if byte == UInt8(ascii: "\\") && quote == UInt8(ascii: "\"") {
                escape()
            } else if byte == UInt8(ascii: "\n") {
                // A single-line string ends at the line break (TOMLKit reports it as unterminated).
                guard multiline else { return }
                newline()
            } else {
                index += 1
            }
        }
    }

    /// A backslash escape in a basic string; `\u0000` and `\U00000000` become U+FFFD (same length).
    private mutating func escape() {
        index += 1
        // A line-ending backslash: the line break is left for the string's loop to count.
        guard let kind = peek(), kind != UInt8(ascii: "\n") else { return }
        index += 1
        let length = kind == UInt8(ascii: "u") ? 4 : kind == UInt8(ascii: "U") ? 8 : 0
        guard length > 0, index + length <= bytes.count else { return }
        if bytes[index..<(index + length)].allSatisfy({ $0 == UInt8(ascii: "0") }) {
            bytes.replaceSubrange((index + length - 4)..<(index + length), with: Array("FFFD".utf8))
        }
        index += length
    }

    // MARK: Reading

    private func peek() -> UInt8? { index < bytes.count ? bytes[index] : nil }

    private func starts(with prefix: [UInt8]) -> Bool {
        index + prefix.count <= bytes.count && bytes[index..<(index + prefix.count)].elementsEqual(prefix)
    }

    private mutating func skipSpaces() {
        while let byte = peek(), byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r") { index += 1 }
    }

    private mutating func skipComment() {
        while let byte = peek(), byte != UInt8(ascii: "\n") { index += 1 }
    }

    private mutating func newline() {
        index += 1
        line += 1
        lineStart = index
    }

    /// 1-based column of `index`, in characters (UTF-8 continuation bytes do not count).
    private var column: Int {
        bytes[lineStart..<index].reduce(1) { $1 & 0xC0 == 0x80 ? $0 : $0 + 1 }
    }

    private static func isBareKey(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
    }

    private func describe(_ byte: UInt8) -> String {
        switch byte {
        case UInt8(ascii: "\n"): return "a line break"
        case 0x80...: return "a non-ASCII character"
        default: return "\"\(Character(Unicode.Scalar(byte)))\""
        }
    }

    private func hex(_ byte: UInt8) -> String {
        let text = String(byte, radix: 16, uppercase: true)
        return byte < 16 ? "0" + text : text
    }

    private func hex4(_ value: UInt32) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - text.count)) + text
    }
}
