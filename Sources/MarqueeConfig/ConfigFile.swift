/// A value from the config file, in the shapes the command line can take.
public enum ConfigValue: Equatable, Sendable {
    case string(String)
    case integer(Int)
    case number(Double)
    case boolean(Bool)
    case list([String])
    /// An array of tables (`[[feed]]`): each table's keys and values, its values as text.
    case tables([[ConfigTableEntry]])
    /// A TOML table or another shape no option takes.
    case unsupported(String)
}

/// One `key = value` of a table in an array of tables (`[[feed]]` … `url = "…"`).
public struct ConfigTableEntry: Equatable, Sendable {
    public let key: String
    public let value: String

    public init(key: String, value: String) {
        self.key = key
        self.value = value
    }
}

/// One `key = value` line of the config file.
public struct ConfigSetting: Equatable, Sendable {
    public let key: String
    public let value: ConfigValue
    /// 1-based line of the key in the file, for messages; nil when it could not be found.
    public let line: Int?

    public init(key: String, value: ConfigValue, line: Int?) {
        self.key = key
        self.value = value
        self.line = line
    }
}

/// A problem in the config file, located by line and key where possible.
public struct ConfigError: Error, Equatable, CustomStringConvertible {
    public let path: String
    public let line: Int?
    /// 1-based, in characters; only with a line.
    public let column: Int?
    public let key: String?
    public let message: String

    public init(path: String, line: Int?, column: Int? = nil, key: String?, message: String) {
        self.path = path
        self.line = line
        self.column = line == nil ? nil : column
        self.key = key
        self.message = message
    }

    /// `path:line:column: key "k": message`, the form editors and terminals make clickable.
    public var description: String {
        var location = path
        if let line { location += ":\(line)" }
        if let column { location += ":\(column)" }
        if let key { return "\(location): key \"\(key)\": \(message)" }
        return "\(location): \(message)"
    }
}

/// The config file's top-level `key = value` settings, in file order. The TOML is parsed in the
/// helper (`MarqueeConfigTOML`, run as `xmarquee-feed read-config`), which sends these back as
/// `ConfigRecord` lines, so the ticker itself links no TOML parser.
public struct ConfigFile: Equatable, Sendable {
    public let path: String
    public let settings: [ConfigSetting]

    public init(path: String, settings: [ConfigSetting]) {
        self.path = path
        self.settings = settings
    }
}
