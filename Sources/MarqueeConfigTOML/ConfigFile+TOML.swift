import TOMLKit

/// A value from the config file, in the shapes the command line can take.
public enum ConfigValue: Equatable, Sendable {
    case string(String)
    case integer(Int)
    case number(Double)
    case boolean(Bool)
    case list([String])
    /// A TOML table or another shape no option takes.
    case unsupported(String)
}

/// One `key = value` line of the config file.
public struct ConfigSetting: Equatable, Sendable {
    public let key: String
    public let value: ConfigValue
    /// 1-based line of the key in the file, for messages; nil when it could not be found.
    public let line: Int?
}

/// A problem in the config file, located by line and key where possible.
public struct ConfigError: Error, Equatable, CustomStringConvertible {
    public let path: String
    public let line: Int?
    public let key: String?
    public let message: String

    public init(path: String, line: Int?, key: String?, message: String) {
        self.path = path
        self.line = line
        self.key = key
        self.message = message
    }

    /// `path:line: key "k": message`, the form editors and terminals make clickable.
    public var description: String {
        var location = path
        if let line { location += ":\(line)" }
        if let key { return "\(location): key \"\(key)\": \(message)" }
        return "\(location): \(message)"
    }
}

/// The config file: a TOML document of top-level `key = value` settings, read with TOMLKit.
public struct ConfigFile: Sendable {
    public let path: String
    public let settings: [ConfigSetting]

    /// Parses TOML text. A syntax error throws with the line TOML reports and the key on it.
    public init(text: String, path: String) throws(ConfigError) {
        self.path = path
        let table: TOMLTable
        do {
            table = try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            let line = error.source.begin.line
            throw ConfigError(path: path, line: line, key: Self.key(onLine: line, of: text),
                              message: "syntax error: \(error.description)")
        } catch {
            throw ConfigError(path: path, line: nil, key: nil, message: "cannot parse: \(error)")
        }
        var settings: [ConfigSetting] = []
        for key in table.keys {
            let value = table[key]!.tomlValue
            settings.append(ConfigSetting(key: key, value: Self.value(of: value), line: Self.line(ofKey: key, in: text)))
        }
        self.settings = settings.sorted { ($0.line ?? .max, $0.key) < ($1.line ?? .max, $1.key) }
    }

    private static func value(of value: TOMLValue) -> ConfigValue {
        switch value.type {
        case .string: return .string(value.string!)
        case .int: return .integer(value.int!)
        case .double: return .number(value.double!)
        case .bool: return .boolean(value.bool!)
        case .array:
            var items: [String] = []
            for item in value.array! {
                guard let string = item.tomlValue.string else { return .unsupported("a list of non-strings") }
                items.append(string)
            }
            return .list(items)
        case .table: return .unsupported("a table")
        default: return .unsupported("a date or time")
        }
    }

    /// The line where `key` is set: TOMLKit does not give source positions of values, so the
    /// text is searched for `key =` (bare or quoted) at the start of a line.
    static func line(ofKey key: String, in text: String) -> Int? {
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if Self.key(in: Substring(line)) == key { return index + 1 }
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
