import MarqueeConfig

/// Options from the X resources (`xrdb`), the way st, dmenu and urxvt users keep a theme:
/// `xmarquee.foreground: #c5c8c6`, `xmarquee.font: DejaVu Sans:size=12`, `*.background: …`
/// (class `Xmarquee`). Each setting declares its resource name, or that it has none (inputs, the
/// display, the name: what belongs to one instance, not to a look). They come under the config
/// file and the command line: a resource is used only for an option neither of them sets.
enum XResourceOptions {
    static let className = "Xmarquee"
    static let programName = "xmarquee"

    /// Resource name → option key, for every option that makes sense as a resource.
    static let names: [String: String] = Setting.byResourceName.mapValues(\.name)

    /// The resources as arguments for the options `given` does not mention, and a warning for each
    /// value that cannot be used (resources are shared with other programs: a bad one is
    /// skipped, never fatal).
    static func arguments(from resources: [String: String], given: [String]) -> (arguments: [String], warnings: [String]) {
        let mentioned = mentionedKeys(given)
        let catalog = Options.catalog
        var arguments: [String] = [], warnings: [String] = []
        for (resource, raw) in resources.sorted(by: { $0.key < $1.key }) {
            guard let key = names[resource], !mentioned.contains(key) else { continue }
            var value = raw.trimmingCharacters(in: " \t")
            // urxvt writes fonts as "xft:Family:size=N".
            if key == "font", value.hasPrefix("xft:") { value = String(value.dropFirst(4)) }
            let argument: String
            if catalog.flags.contains(key) {
                switch value.lowercased() {
                case "true", "on", "yes", "1": argument = "--\(key)"
                case "false", "off", "no", "0": argument = "--no-\(key)"
                default:
                    warnings.append("X resource \(programName).\(resource): expected true or false, not \"\(value)\"; ignored")
                    continue
                }
            } else {
                argument = "--\(key)=\(value)"
            }
            do {
                _ = try Options.parse([argument])
                arguments.append(argument)
            } catch {
                let reason = OptionsResolver.firstLine(of: Options.message(for: error))
                warnings.append("X resource \(programName).\(resource): \(reason); ignored")
            }
        }
        return (arguments, warnings)
    }

    /// The option keys an argument list sets (`--key`, `--key=value`, `--no-flag`).
    static func mentionedKeys(_ arguments: [String]) -> Set<String> {
        var keys: Set<String> = []
        for argument in arguments {
            if argument == "--" { break }
            guard argument.hasPrefix("--") else { continue }
            let name = String(argument.dropFirst(2).prefix { $0 != "=" })
            keys.insert(name)
            if name.hasPrefix("no-") { keys.insert(String(name.dropFirst(3))) }
        }
        return keys
    }
}

private extension String {
    func trimmingCharacters(in set: String) -> String {
        String(drop { set.contains($0) }.reversed().drop { set.contains($0) }.reversed())
    }
}
