/// What the command line accepts, so config keys can be checked and turned into arguments.
public struct OptionCatalog: Sendable {
    /// Long names of options that take a value (`--font PATTERN`).
    public var valueOptions: Set<String>
    /// Long names of on/off flags; each has a `--no-` form.
    public var flags: Set<String>
    /// The name of the positional argument (its config key takes a string or a list).
    public var positional: String?
    /// Options whose value is a path: a leading `~/` is the home directory.
    public var pathOptions: Set<String>
    /// Value options that may be given several times (`--feed`, `--exec`, `--schedule`): their
    /// config key also takes a list, one argument per element.
    public var repeatableOptions: Set<String>
    /// Repeatable options whose config key may also be an array of tables (`[[feed]]`), with the
    /// table key that gives the option's value; the table's other keys follow it as
    /// `key=value` words (see `FeedSubscription`).
    public var tableOptions: [String: String]

    public init(valueOptions: Set<String>, flags: Set<String>, positional: String?, pathOptions: Set<String> = [],
                repeatableOptions: Set<String> = [], tableOptions: [String: String] = [:]) {
        self.valueOptions = valueOptions
        self.flags = flags
        self.positional = positional
        self.pathOptions = pathOptions
        self.repeatableOptions = repeatableOptions
        self.tableOptions = tableOptions
    }

    public var allKeys: Set<String> { valueOptions.union(flags).union(positional.map { [$0] } ?? []) }
}

/// The config file's settings as command-line arguments, so one parser checks both (each
/// option and its key are declared once, in `Setting`).
public struct ConfigArguments: Equatable, Sendable {
    /// `--key=value`, `--flag` and `--no-flag` arguments, in file order.
    public var options: [String] = []
    /// Values of the positional key (the messages), used when the command line gives none.
    public var positional: [String] = []
    /// Unknown keys and other things ignored, one message each.
    public var warnings: [String] = []
    /// Which key each option argument came from, to point errors at the right line.
    public var keyLines: [String: Int] = [:]
    /// Each `[[lane]]` table as the arguments of one more lane (what follows a `--lane` on the
    /// command line), in file order.
    public var lanes: [[String]] = []

    public init() {}

    public init(file: ConfigFile, catalog: OptionCatalog, home: String?) throws(ConfigError) {
        for setting in file.settings {
            let key = setting.key
            func fail(_ message: String) -> ConfigError {
                ConfigError(path: file.path, line: setting.line, key: key, message: message)
            }
            if let line = setting.line { keyLines[key] = line }
            if key == Self.laneKey {
                guard case .tables(let tables) = setting.value else { throw fail("expected [[lane]] tables") }
                for table in tables { lanes.append(try laneArguments(table, catalog: catalog, home: home, fail: fail)) }
                continue
            }
            if case .unsupported(let shape) = setting.value {
                guard catalog.allKeys.contains(key) else {
                    warnings.append(fail("unknown key (ignored)").description)
                    continue
                }
                throw fail("expected \(Self.expectation(key, catalog)), not \(shape)")
            }
            if key == catalog.positional {
                switch setting.value {
                case .string(let text): positional = [text]
                case .list(let texts): positional = texts
                default: throw fail("expected a string or a list of strings")
                }
            } else if catalog.flags.contains(key) {
                guard case .boolean(let on) = setting.value else { throw fail("expected true or false") }
                options.append(on ? "--\(key)" : "--no-\(key)")
            } else if let head = catalog.tableOptions[key], case .tables(let tables) = setting.value {
                for table in tables {
                    guard let value = table.first(where: { $0.key == head })?.value else {
                        throw fail("each [[\(key)]] table needs \(head) = \"…\"")
                    }
                    let words = [Self.quoted(value)] + table.filter { $0.key != head }.map { "\($0.key)=\(Self.quoted($0.value))" }
                    options.append("--\(key)=\(words.joined(separator: " "))")
                }
            } else if catalog.repeatableOptions.contains(key), case .list(let values) = setting.value {
                for value in values {
                    options.append("--\(key)=\(catalog.pathOptions.contains(key) ? Self.expandingHome(value, home: home) : value)")
                }
            } else if catalog.valueOptions.contains(key) {
                let text: String
                switch setting.value {
                case .string(let string):
                    text = catalog.pathOptions.contains(key) ? Self.expandingHome(string, home: home) : string
                case .integer(let number): text = String(number)
                case .number(let number): text = String(number)
                case .boolean: throw fail("expected a value, not true or false")
                case .list: throw fail("expected a single value, not a list")
                case .tables: throw fail("expected a single value, not tables")
                case .unsupported: continue
                }
                // One argument with "=": a value that starts with "-" stays a value.
                options.append("--\(key)=\(text)")
            } else {
                warnings.append(fail("unknown key (ignored)").description)
            }
        }
    }

    private static func expectation(_ key: String, _ catalog: OptionCatalog) -> String {
        if key == catalog.positional { return "a string or a list of strings" }
        return catalog.flags.contains(key) ? "true or false" : "a value"
    }

    /// One word for a shell-like split (`CommandWords`): in single quotes, each `'` written `'\''`.
    static func quoted(_ text: String) -> String {
        "'" + text.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
    }

    static func expandingHome(_ path: String, home: String?) -> String {
        guard let home, path == "~" || path.hasPrefix("~/") else { return path }
        return home + path.dropFirst()
    }

    /// The command line with the config's arguments in front, so that anything the command line
    /// says comes later and wins. The config's messages are used only when the command line
    /// has none of its own.
    public func merged(before commandLine: [String], commandLineHasMessages: Bool) -> [String] {
        var arguments = options + commandLine
        if !commandLineHasMessages && !positional.isEmpty {
            if !commandLine.contains("--") { arguments.append("--") }
            arguments += positional
        }
        return arguments
    }
}
