import MarqueeFormats

/// A config file to write: top-level `key = value` lines, then arrays of tables (`[[feed]]`), as
/// TOML text that our own reader (`MarqueeConfigTOML`) parses back to the same values. Written by
/// hand so the ticker, which links no TOML library, can write one (`--import-tickr`).
public struct ConfigDocument: Equatable, Sendable {
    public enum Value: Equatable, Sendable {
        case string(String)
        case integer(Int)
        case number(Double)
        case boolean(Bool)
        case list([String])
    }

    public struct Entry: Equatable, Sendable {
        public let key: String
        public let value: Value
        /// A `# …` line written above the entry (one line: line breaks become spaces).
        public let comment: String?

        public init(_ key: String, _ value: Value, comment: String? = nil) {
            self.key = key
            self.value = value
            self.comment = comment
        }
    }

    /// A comment at the head of the file, one `#` line each.
    public var header: [String] = []
    public var entries: [Entry] = []
    /// Arrays of tables, in order: the name (`feed`) and each table's entries.
    public var tables: [(name: String, entries: [Entry])] = []

    public init() {}

    public static func == (lhs: ConfigDocument, rhs: ConfigDocument) -> Bool {
        lhs.header == rhs.header && lhs.entries == rhs.entries
            && lhs.tables.map(\.name) == rhs.tables.map(\.name) && lhs.tables.map(\.entries) == rhs.tables.map(\.entries)
    }

    /// The document as TOML. Keys are bare (our keys are all letters, digits and `-`); a key that
    /// is not is quoted like a string.
    public var text: String {
        var lines = header.map { Self.comment($0) }
        for entry in entries { lines += Self.lines(of: entry) }
        for table in tables {
            lines.append("")
            lines.append("[[\(Self.key(table.name))]]")
            for entry in table.entries { lines += Self.lines(of: entry) }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func lines(of entry: Entry) -> [String] {
        (entry.comment.map { [comment($0)] } ?? []) + ["\(key(entry.key)) = \(value(entry.value))"]
    }

    private static func comment(_ text: String) -> String {
        // A comment may hold no control character but tab (TOML): each becomes a space.
        "# " + String(String.UnicodeScalarView(text.unicodeScalars.map { isControl($0) && $0 != "\t" ? " " : $0 }))
    }

    public static func key(_ key: String) -> String {
        let bare = !key.isEmpty && key.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("A"..."Z").contains($0)
            || ("0"..."9").contains($0) || $0 == "-" || $0 == "_" }
        return bare ? key : quoted(key)
    }

    /// A value as TOML writes it.
    public static func value(_ value: Value) -> String {
        switch value {
        case .string(let text): return quoted(text)
        case .integer(let number): return String(number)
        // Swift's shortest exact form ("0.5", "1e+20") is TOML too; nan and inf have TOML's own words.
        case .number(let number):
            if number.isNaN { return "nan" }
            if number.isInfinite { return number < 0 ? "-inf" : "inf" }
            return String(number)
        case .boolean(let on): return on ? "true" : "false"
        case .list(let items): return "[" + items.map(quoted).joined(separator: ", ") + "]"
        }
    }

    /// A TOML basic string, every control character escaped (TOML allows none raw but tab; tab
    /// is escaped too, so a line reads the same anywhere); everything else as it is, in UTF-8.
    public static func quoted(_ text: String) -> String { QuotedString.quoted(text) }

    /// What TOML forbids raw in a basic string or comment: U+0000–U+001F and U+007F.
    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || scalar.value == 0x7F
    }
}
