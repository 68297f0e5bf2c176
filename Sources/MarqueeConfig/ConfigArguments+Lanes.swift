extension ConfigArguments {
    /// The key of the config file's lane tables (`[[lane]]`), one per lane after the first.
    public static let laneKey = "lane"

    /// A `[[lane]]` table's keys as a lane's arguments: the same keys as the file's top level
    /// (a list is its key repeated, as in every table), the messages after a `--`. A key no
    /// option has is warned about and ignored, as at the top level.
    mutating func laneArguments(_ table: [ConfigTableEntry], catalog: OptionCatalog, home: String?,
                       fail: (String) -> ConfigError) throws(ConfigError) -> [String] {
        var arguments: [String] = []
        var messages: [String] = []
        for entry in table {
            if entry.key == catalog.positional {
                messages.append(entry.value)
            } else if catalog.flags.contains(entry.key) {
                switch entry.value {
                case "true": arguments.append("--\(entry.key)")
                case "false": arguments.append("--no-\(entry.key)")
                default: throw fail("[[lane]] \(entry.key): expected true or false")
                }
            } else if catalog.valueOptions.contains(entry.key) {
                let value = catalog.pathOptions.contains(entry.key) ? Self.expandingHome(entry.value, home: home) : entry.value
                arguments.append("--\(entry.key)=\(value)")
            } else {
                warnings.append(fail("[[lane]]: unknown key \"\(entry.key)\" (ignored)").description)
            }
        }
        return messages.isEmpty ? arguments : arguments + ["--"] + messages
    }
}
