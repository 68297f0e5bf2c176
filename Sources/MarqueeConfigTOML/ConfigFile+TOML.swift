import MarqueeConfig
import TOMLKit

/// The config file read as a TOML document with TOMLKit. Linked only into the helper
/// (`xmarquee-feed read-config`): TOMLKit brings Foundation, ICU and libstdc++ with it, which
/// would cost the ticker several megabytes of resident memory.
extension ConfigFile {
    /// Parses TOML text. A syntax error throws with the line TOML reports and the key on it.
    public init(text: String, path: String) throws(ConfigError) {
        try self.init(bytes: Array(text.utf8), path: path)
    }

    /// Parses a TOML document as read from the file: checked first for what TOMLKit cannot be
    /// trusted with (`TOMLPrecheck`), which is reported with its line and column.
    public init(bytes: [UInt8], path: String) throws(ConfigError) {
        let prepared: [UInt8]
        do {
            prepared = try TOMLPrecheck.prepare(bytes)
        } catch {
            throw ConfigError(path: path, line: error.line, column: error.column, key: nil, message: error.message)
        }
        let text = String(decoding: prepared, as: UTF8.self)
        let table: TOMLTable
        do {
            table = try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            let line = error.source.begin.line
            throw ConfigError(path: path, line: line, column: error.source.begin.column, key: Self.key(onLine: line, of: text),
                              message: "syntax error: \(error.description)")
        } catch {
            throw ConfigError(path: path, line: nil, key: nil, message: "cannot parse: \(error)")
        }
        var settings: [ConfigSetting] = []
        // Keys and values side by side, never a look-up by key: keys cross from C++ as C strings,
        // and one that did not come back whole would not be found again.
        for (key, value) in zip(table.keys, table.values) {
            settings.append(ConfigSetting(key: key, value: Self.value(of: value), line: Self.line(ofKey: key, in: text)))
        }
        self.init(path: path, settings: settings.sorted { ($0.line ?? .max, $0.key) < ($1.line ?? .max, $1.key) })
    }

    private static func value(of value: TOMLValue) -> ConfigValue {
        switch value.type {
        case .string: return .string(value.string!)
        case .int: return .integer(value.int!)
        case .double: return .number(value.double!)
        case .bool: return .boolean(value.bool!)
        case .array:
            var items: [String] = []
            if let tables = tables(in: value.array!) { return .tables(tables) }
            for item in value.array! {
                guard let string = item.tomlValue.string else { return .unsupported("a list of non-strings") }
                items.append(string)
            }
            return .list(items)
        case .table: return .unsupported("a table")
        default: return .unsupported("a date or time")
        }
    }

    /// An array of tables (`[[feed]]`) with its values as text; nil when it is no such array.
    private static func tables(in array: TOMLArray) -> [[ConfigTableEntry]]? {
        guard !array.isEmpty, array.allSatisfy({ $0.tomlValue.type == .table }) else { return nil }
        var tables: [[ConfigTableEntry]] = []
        for item in array {
            let table = item.tomlValue.table!
            var entries: [ConfigTableEntry] = []
            for (key, value) in zip(table.keys, table.values) {
                // A list (`exclude = ["sport", "/^ad:/"]`) is the key repeated, once per element.
                let values = value.type == .array ? value.array!.map(\.tomlValue) : [value.tomlValue]
                for element in values {
                    // A line feed separates pairs on the pipe: none may be inside one.
                    entries.append(ConfigTableEntry(key: key, value: String(text(of: element).map { $0 == "\n" || $0 == "\r" ? " " : $0 })))
                }
            }
            tables.append(entries)
        }
        return tables
    }

    /// A table value as text (a nested list or table as its type, which the option rejects).
    private static func text(of value: TOMLValue) -> String {
        switch value.type {
        case .string: return value.string!
        case .int: return String(value.int!)
        case .double: return String(value.double!)
        case .bool: return value.bool! ? "true" : "false"
        default: return "(\(value.type))"
        }
    }

    /// The line where `key` is set: TOMLKit does not give source positions of values, so the
    /// text is searched for `key =` (bare or quoted) at the start of a line.
    static func line(ofKey key: String, in text: String) -> Int? {
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if Self.key(in: Substring(line)) == key || Substring(line).trimmingSpaces == "[[\(key)]]" { return index + 1 }
        }
        return nil
    }

    /// The key set on line `number` (1-based), if that line looks like `key = …`.
    static func key(onLine number: Int, of text: String) -> String? {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard number >= 1, number <= lines.count else { return nil }
        return key(in: lines[number - 1])
    }

    private static func key(in line: Substring) -> String? {
        guard let equals = line.firstIndex(of: "=") else { return nil }
        var key = line[..<equals].trimmingSpaces
        if key.count >= 2, let first = key.first, first == "\"" || first == "'", key.last == first {
            key = key.dropFirst().dropLast()
        }
        guard !key.isEmpty, !key.hasPrefix("#"), !key.hasPrefix("[") else { return nil }
        return String(key)
    }
}

extension Substring {
    var trimmingSpaces: Substring {
        var result = self
        while let first = result.first, first == " " || first == "\t" { result = result.dropFirst() }
        while let last = result.last, last == " " || last == "\t" || last == "\r" { result = result.dropLast() }
        return result
    }
}
