/// The part of ArgumentParser's `--experimental-dump-help` JSON (serialization version 0) the
/// man page is made from: each command's names, help, arguments and subcommands.
/// ArgumentParser keeps its own decoder (`ArgumentParserToolInfo`) out of its products, so the
/// few fields read here are declared again.
struct ToolInfo: Decodable {
    let serializationVersion: Int
    let command: CommandInfo
}

struct CommandInfo: Decodable {
    let commandName: String
    let abstract: String?
    let discussion: String?
    let arguments: [ArgumentInfo]?
    let subcommands: [CommandInfo]?

    /// The subcommand named `name`, at any depth.
    func subcommand(_ name: String) -> CommandInfo? {
        for command in subcommands ?? [] {
            if command.commandName == name { return command }
            if let found = command.subcommand(name) { return found }
        }
        return nil
    }
}

struct ArgumentInfo: Decodable {
    enum Kind: String, Decodable {
        case positional, option, flag
    }

    struct Name: Decodable {
        let kind: String
        let name: String

        var spelled: String { kind == "short" ? "-" + name : "--" + name }
    }

    let kind: Kind
    let names: [Name]?
    let valueName: String?
    let defaultValue: String?
    let abstract: String?
    let discussion: String?
    let isRepeating: Bool
    let shouldDisplay: Bool

    /// The long name, without dashes (the setting's name for an option of ours).
    var longName: String? { names?.first { $0.kind == "long" }?.name }
}
