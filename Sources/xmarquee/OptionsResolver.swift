import ArgumentParser
import Glibc
import MarqueeConfig
import MarqueeCore
import MarqueeIO

/// The options in effect: the config file's settings with the command line on top. Used at
/// start and again for every live reload, with the same command line.
struct OptionsResolver {
    enum Failure: Error {
        /// A syntax error or a bad value: exit status 2 at start, a kept configuration on reload.
        case invalid(String)
        /// The config file cannot be read (a --config file missing, a directory, no permission),
        /// or the helper that parses it cannot be run: exit status 5 at start.
        case unreadable(String)

        var message: String {
            switch self {
            case .invalid(let message), .unreadable(let message): return message
            }
        }
    }

    struct Resolved {
        var options: Options
        var warnings: [String]
    }

    /// The arguments as given, without the program name.
    let commandLine: [String]
    /// The config file to read; nil when there is none to read (no home directory).
    let configPath: String?
    /// Given with --config: then a missing file is an error, not just "no config yet".
    let configIsExplicit: Bool
    /// Whether the command line gives messages of its own (then the config's `text` is not used).
    let commandLineHasMessages: Bool
    /// The X resources for this program (resource name → value), under the config file.
    var resources: [String: String] = [:]

    func resolve() -> Result<Resolved, Failure> {
        let config: ConfigArguments
        switch readConfig() {
        case .success(let arguments): config = arguments
        case .failure(let failure): return .failure(failure)
        }
        // The config's own arguments alone first, so a bad value is reported against its line.
        do {
            _ = try Options.parse(config.options + ["--"] + config.positional)
        } catch {
            return .failure(.invalid(configMessage(for: error, config: config)))
        }
        let fromResources = XResourceOptions.arguments(from: resources, given: config.options + commandLine)
        let arguments = fromResources.arguments + config.merged(before: commandLine, commandLineHasMessages: commandLineHasMessages)
        do {
            let command = try XMarquee.parse(arguments)
            return .success(Resolved(options: command.options, warnings: config.warnings + fromResources.warnings))
        } catch {
            return .failure(.invalid(Self.firstLine(of: XMarquee.message(for: error))))
        }
    }

    private func readConfig() -> Result<ConfigArguments, Failure> {
        guard let configPath else { return .success(ConfigArguments()) }
        // No file, nothing to parse: the helper is not started (the usual case, kept fast).
        guard access(configPath, F_OK) == 0 else {
            if !configIsExplicit { return .success(ConfigArguments()) }
            let reason = String(cString: strerror(errno))
            return .failure(.unreadable("config file: \(FileReadError(path: configPath, reason: reason).description)"))
        }
        let file: ConfigFile
        do {
            switch try ConfigFileReader.read(configPath) {
            case .read(let read): file = read
            case .invalid(let error): return .failure(.invalid(error.description))
            case .unreadable(let message): return .failure(.unreadable("config file: \(message)"))
            }
        } catch {
            if error.endedAbnormally { return .failure(.invalid(error.message)) }
            return .failure(.unreadable("cannot read config: \(error.message)"))
        }
        do {
            let home = getenv("HOME").map { String(cString: $0) }
            return .success(try ConfigArguments(file: file, catalog: Options.catalog, home: home))
        } catch {
            return .failure(.invalid(error.description))
        }
    }

    /// ArgumentParser's message for a bad config value, pointed at the key's line.
    private func configMessage(for error: Error, config: ConfigArguments) -> String {
        let message = Self.firstLine(of: Options.message(for: error))
        let key = config.keyLines.keys.sorted().first { message.contains("--\($0)") || message.contains("--no-\($0)") }
        return ConfigError(path: configPath ?? "config", line: key.flatMap { config.keyLines[$0] }, key: key,
                           message: message).description
    }

    static func firstLine(of message: String) -> String {
        let line = message.split(separator: "\n").first.map(String.init) ?? "invalid arguments"
        return line.hasPrefix("Error: ") ? String(line.dropFirst(7)) : line
    }
}
