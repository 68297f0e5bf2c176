import MarqueeConfig

/// A page written by hand around what is generated: each line that is only a placeholder is
/// replaced by what the declarations say, and `@VERSION@` anywhere by the version.
///
/// - `@OPTIONS@`: the command's options; `@OPTIONS name@`: those of its subcommand `name`.
/// - `@RESOURCES@`: the settings read from the X resources.
/// - `@RELOAD@`: which keys a config reload applies at once.
struct ManualTemplate {
    let text: String
    /// Whether the options are the ticker's settings (`Setting`), checked against their declarations.
    let withSettings: Bool

    func filled(tool: ToolInfo, version: String, format: Format) throws(ManualError) -> String {
        let settings = withSettings ? Dictionary(uniqueKeysWithValues: Setting.allCases.map { ($0.name, $0.declaration) }) : [:]
        var lines: [String] = []
        var used: Set<String> = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            guard line.hasPrefix("@"), line.hasSuffix("@"), line.count > 2 else {
                lines.append(line.replacing("@VERSION@", with: version))
                continue
            }
            let words = line.dropFirst().dropLast().split(separator: " ").map(String.init)
            switch (words.first, words.count) {
            case ("OPTIONS", 1), ("OPTIONS", 2):
                let command: CommandInfo
                if words.count == 2 {
                    guard let found = tool.command.subcommand(words[1]) else {
                        throw ManualError("\(line): \(tool.command.commandName) has no subcommand \"\(words[1])\"")
                    }
                    command = found
                } else {
                    command = tool.command
                }
                // The settings are the top command's options; a subcommand's are its own.
                let entries = try OptionEntry.entries(of: command, settings: words.count == 1 ? settings : [:])
                used.formUnion(entries.compactMap { $0.setting?.name })
                lines.append(format == .roff ? ManualRenderer.options(entries) : MarkdownRenderer.options(entries))
            case ("RESOURCES", 1) where format == .roff: lines.append(ManualRenderer.resources())
            case ("RELOAD", 1) where format == .roff: lines.append(ManualRenderer.reload())
            default: throw ManualError("\(line): not a placeholder this generator knows")
            }
        }
        // A page of the ticker's options names every setting: one missing from the command line
        // has lost its option (or its help no longer comes from its declaration).
        if withSettings {
            let missing = Setting.allCases.map(\.name).filter { !used.contains($0) }
            if !missing.isEmpty {
                throw ManualError("declared settings without an option using their help: \(missing.joined(separator: ", "))")
            }
        }
        return lines.joined(separator: "\n")
    }

    enum Format: String {
        case roff, markdown
    }
}
