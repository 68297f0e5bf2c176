import MarqueeConfig

/// One entry of an option list: an argument as ArgumentParser declares it (a flag and its
/// `--no-` form make one entry) with, for the ticker's settings, what `Setting` declares.
struct OptionEntry {
    /// How the entry is written: `--fg color`, `--markup, --no-markup`, `text ...`.
    let spellings: [String]
    let valueName: String?
    let help: String
    let defaultValue: String?
    let setting: OptionDeclaration?

    /// The displayed arguments of `command` as entries, in declaration order.
    static func entries(of command: CommandInfo, settings: [String: OptionDeclaration]) throws(ManualError) -> [OptionEntry] {
        var entries: [OptionEntry] = []
        var arguments = (command.arguments ?? []).filter(\.shouldDisplay)[...]
        while let argument = arguments.popFirst() {
            var spellings = (argument.names ?? []).map(\.spelled)
            // ArgumentParser lists `--no-flag` as an argument of its own, right after `--flag`.
            if argument.kind == .flag, let long = argument.longName, let next = arguments.first,
               next.kind == .flag, next.longName == "no-" + long {
                spellings += (next.names ?? []).map(\.spelled)
                arguments.removeFirst()
            }
            let key = argument.kind == .positional ? argument.valueName : argument.longName
            let declaration = key.flatMap { settings[$0] }
            if let declaration, declaration.help != argument.abstract {
                throw ManualError("--\(declaration.name) is declared as a setting, but its option's help is not the setting's: is the property named like its setting?")
            }
            entries.append(OptionEntry(spellings: spellings, valueName: argument.kind == .flag ? nil : argument.valueName,
                                       help: argument.abstract ?? "", defaultValue: argument.defaultValue,
                                       setting: declaration, isPositional: argument.kind == .positional,
                                       isRepeating: argument.isRepeating))
        }
        return entries
    }

    let isPositional: Bool
    let isRepeating: Bool

    init(spellings: [String], valueName: String?, help: String, defaultValue: String?, setting: OptionDeclaration?,
         isPositional: Bool, isRepeating: Bool) {
        self.spellings = spellings
        self.valueName = valueName
        self.help = help
        self.defaultValue = defaultValue
        self.setting = setting
        self.isPositional = isPositional
        self.isRepeating = isRepeating
    }

    /// Whether the help already says the default, so it is not said twice.
    var helpGivesDefault: Bool { help.contains("default") }

    /// What a setting's declaration adds: its config key, its X resource, what a reload does.
    var traits: [String] {
        guard let setting else { return [] }
        var traits = ["config key \(setting.name)"]
        if let resource = setting.resourceName { traits.append("X resource \(resource)") }
        switch (setting.appliesLive(bar: false), setting.appliesLive(bar: true)) {
        case (true, true): traits.append("applied live on reload")
        case (true, false): traits.append("applied live on reload to a window")
        case (false, true): traits.append("applied live on reload to a bar")
        case (false, false): traits.append("a change needs a restart")
        }
        return traits
    }
}
