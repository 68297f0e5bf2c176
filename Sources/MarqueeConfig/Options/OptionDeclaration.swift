/// Everything said about one setting of the ticker, in one place: its help, what a config reload
/// does with it, its X resource and its config key. The command line (`Options` in the
/// executable) takes its help from here; live reload, the X resources, the config file's keys
/// and the generated man page (`make generate`) read the rest.
public struct OptionDeclaration: Sendable {
    /// What a config reload (SIGHUP, the file saved, the desktop's settings) does with a change.
    public enum Reload: Sendable, Equatable {
        /// Applied at once; colours, fonts and lengths are resolved against the display again.
        case look
        /// Applied at once, as it is.
        case live
        /// Applied at once to a plain window (`window`) or a docked bar (`bar`); for the other
        /// kind it needs a restart.
        case placement(window: Bool, bar: Bool)
        /// Fixed when the window is made: a change is reported as needing a restart.
        case restart
    }

    /// The option's name among the X resources (`xmarquee.NAME`, class `Xmarquee`).
    public enum Resource: Sendable, Equatable {
        /// The long name in lower camel case: `item-padding` → `itemPadding`.
        case camelCase
        /// A name X programs share, e.g. `foreground` for `fg`.
        case named(String)
        /// Not read from the resources: it belongs to one instance or one invocation (its
        /// inputs, its display, its name), not to a look.
        case none
    }

    /// What the config key's value is, beyond what the option's kind says.
    public enum ConfigValue: Sendable, Equatable {
        case plain
        /// A path: a leading `~/` is the home directory.
        case path
        /// A repeatable option whose key may also be an array of tables (`[[feed]]`): the table
        /// key that gives the option's value (its other keys follow as `key=value` words).
        case tables(valueKey: String)
    }

    /// The long option, which is also the config key (`--item-bg`, `item-bg = "…"`).
    public let name: String
    /// The one-line help `--help` prints.
    public let help: String
    /// The placeholder for the value in `--help` and the man page (nil for flags).
    public let valueName: String?
    public let reload: Reload
    public let resource: Resource
    public let configValue: ConfigValue
    /// What the man page says beyond the help (roff), where one line is not enough.
    public let manual: String?

    public init(_ name: String, help: String, valueName: String? = nil, reload: Reload, resource: Resource = .camelCase,
                configValue: ConfigValue = .plain, manual: String? = nil) {
        self.name = name
        self.help = help
        self.valueName = valueName
        self.reload = reload
        self.resource = resource
        self.configValue = configValue
        self.manual = manual
    }

    /// The X resource name, or nil when the option is not read from the resources.
    public var resourceName: String? {
        switch resource {
        case .none: return nil
        case .named(let name): return name
        case .camelCase:
            let words = name.split(separator: "-")
            return String(words[0]) + words.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        }
    }

    /// Whether a reload applies a change at once, for a docked bar or a plain window.
    public func appliesLive(bar: Bool) -> Bool {
        switch reload {
        case .look, .live: return true
        case .placement(let window, let barToo): return bar ? barToo : window
        case .restart: return false
        }
    }
}
