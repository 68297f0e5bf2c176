import MarqueeFormats

/// What reading the config file gave, and its form on the pipe from the helper that reads it
/// (`xmarquee-feed read-config PATH`, which links TOMLKit so the ticker does not have to). The
/// helper only parses TOML: which keys exist and what they mean is decided in the ticker
/// (`ConfigArguments`), against the command line's own options, so messages stay the same
/// whichever process parsed the file.
///
/// One `RecordLine` per record (tab-separated fields, `\\ \t \n \r` escaped):
///
///     setting <TAB> key <TAB> line <TAB> kind <TAB> value…
///                     one setting, in file order; line is empty when unknown. kind and value:
///                     string TEXT | integer N | number X (Swift's shortest exact form, inf, nan)
///                     | boolean true or false | list ITEM… (zero or more fields)
///                     | tables TABLE… (an array of tables: each field one table, its
///                       `key=value` pairs separated by line feeds)
///                     | unsupported SHAPE (e.g. "a table")
///     ok              the settings above are the whole file
///     invalid <TAB> path <TAB> line <TAB> column <TAB> key <TAB> message
///                     a TOML syntax error; line, column and key are empty when unknown
///     unreadable <TAB> message
///                     the file cannot be read (`cannot read "PATH": reason`)
///
/// Exactly one of ok / invalid / unreadable ends every run, and nothing follows it. The helper
/// exits 0 after ok and 1 after the others; a stream without an end means the helper failed.
public enum ConfigReadResult: Equatable, Sendable {
    case read(ConfigFile)
    case invalid(ConfigError)
    case unreadable(String)

    /// The records, each with its newline, as the helper writes them.
    public var output: String {
        switch self {
        case .read(let file):
            return file.settings.map { RecordLine.line(Self.fields(of: $0)) }.joined() + RecordLine.line(["ok"])
        case .invalid(let error):
            return RecordLine.line(["invalid", error.path, error.line.map(String.init) ?? "", error.column.map(String.init) ?? "",
                                    error.key ?? "", error.message])
        case .unreadable(let message):
            return RecordLine.line(["unreadable", message])
        }
    }

    /// Reads the helper's whole output; `path` is the file asked for (settings records do not
    /// repeat it). Nil when the output is not a complete, well-formed stream.
    public init?(output: String, path: String) {
        var settings: [ConfigSetting] = []
        var result: ConfigReadResult?
        for line in output.split(separator: "\n") {
            // Nothing may follow the record that ends the stream.
            guard result == nil else { return nil }
            let fields = RecordLine.fields(line)
            switch fields[0] {
            case "setting":
                guard let setting = Self.setting(from: fields) else { return nil }
                settings.append(setting)
            case "ok" where fields.count == 1:
                result = .read(ConfigFile(path: path, settings: settings))
            case "invalid" where fields.count == 6:
                guard let line = Self.line(fields[2]), let column = Self.line(fields[3]) else { return nil }
                result = .invalid(ConfigError(path: fields[1], line: line, column: column, key: fields[4].isEmpty ? nil : fields[4],
                                              message: fields[5]))
            case "unreadable" where fields.count == 2:
                result = .unreadable(fields[1])
            default:
                return nil
            }
        }
        guard let result else { return nil }
        // Settings come only before ok: the helper never sends some and then an error.
        if case .read = result {} else if !settings.isEmpty { return nil }
        self = result
    }

    private static func fields(of setting: ConfigSetting) -> [String] {
        let head = ["setting", setting.key, setting.line.map(String.init) ?? ""]
        switch setting.value {
        case .string(let text): return head + ["string", text]
        case .integer(let number): return head + ["integer", String(number)]
        case .number(let number): return head + ["number", String(number)]
        case .boolean(let on): return head + ["boolean", on ? "true" : "false"]
        case .list(let items): return head + ["list"] + items
        case .tables(let tables):
            return head + ["tables"] + tables.map { $0.map { "\($0.key)=\($0.value)" }.joined(separator: "\n") }
        case .unsupported(let shape): return head + ["unsupported", shape]
        }
    }

    private static func setting(from fields: [String]) -> ConfigSetting? {
        guard fields.count >= 4, let line = line(fields[2]) else { return nil }
        let values = fields[4...]
        let value: ConfigValue
        switch (fields[3], values.count) {
        case ("string", 1): value = .string(values.first!)
        case ("integer", 1):
            guard let number = Int(values.first!) else { return nil }
            value = .integer(number)
        case ("number", 1):
            guard let number = Double(values.first!) else { return nil }
            value = .number(number)
        case ("boolean", 1) where values.first == "true" || values.first == "false":
            value = .boolean(values.first == "true")
        case ("list", _): value = .list(Array(values))
        case ("tables", _):
            var tables: [[ConfigTableEntry]] = []
            for field in values {
                var table: [ConfigTableEntry] = []
                for pair in field.split(separator: "\n") {
                    guard let equals = pair.firstIndex(of: "=") else { return nil }
                    table.append(ConfigTableEntry(key: String(pair[..<equals]), value: String(pair[pair.index(after: equals)...])))
                }
                tables.append(table)
            }
            value = .tables(tables)
        case ("unsupported", 1): value = .unsupported(values.first!)
        default: return nil
        }
        return ConfigSetting(key: fields[1], value: value, line: line)
    }

    /// A line or column number field: empty for unknown (`.some(nil)`), nil when it is not a number.
    private static func line(_ field: String) -> Int?? {
        if field.isEmpty { return .some(nil) }
        guard let number = Int(field), number >= 1 else { return nil }
        return .some(number)
    }
}
