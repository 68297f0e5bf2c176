import ArgumentParser
import Glibc
import MarqueeConfig
import MarqueeFormats
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
    /// The desktop's colour scheme: light turns the default colours the user did not set.
    var colorScheme: PortalSetting.ColorScheme = .none

    /// The config file's arguments as last read and applied (at start, or by a reload that
    /// succeeded): a desktop change resolves against them without reading the file again.
    var config = ConfigArguments()

    /// Reads the config file (waiting for the helper: at start) and resolves against it; what was
    /// read is kept in `config` when it resolves.
    mutating func resolve() -> Result<Resolved, Failure> {
        let read = readConfig()
        let result = resolve(config: read)
        if case .success = result, case .success(let arguments) = read { config = arguments }
        return result
    }

    /// The options from the config file's arguments (or its failure), X resources and command line.
    func resolve(config read: Result<ConfigArguments, Failure>) -> Result<Resolved, Failure> {
        let config: ConfigArguments
        switch read {
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
            var options = try XMarquee.parse(arguments).options
            options.follow(colorScheme: colorScheme, arguments: arguments)
            return .success(Resolved(options: options, warnings: config.warnings + fromResources.warnings))
        } catch {
            return .failure(.invalid(Self.firstLine(of: XMarquee.message(for: error))))
        }
    }

    /// Reads the config file through the helper, waiting for its answer.
    func readConfig() -> Result<ConfigArguments, Failure> {
        if let known = configWithoutHelper() { return known }
        do {
            return configArguments(from: .success(try ConfigFileReader.read(configPath!)))
        } catch {
            return configArguments(from: .failure(error))
        }
    }

    /// What the config file gives when there is nothing for the helper to read: no path, or no
    /// file (the usual case, kept fast; an error when given with --config). Nil when the helper
    /// must read it.
    func configWithoutHelper() -> Result<ConfigArguments, Failure>? {
        guard let configPath else { return .success(ConfigArguments()) }
        guard access(configPath, F_OK) == 0 else {
            if !configIsExplicit { return .success(ConfigArguments()) }
            let reason = String(cString: strerror(errno))
            return .failure(.unreadable("config file: \(FileReadError(path: configPath, reason: reason).description)"))
        }
        return nil
    }

    /// The helper's answer (at start, or from a reload on the loop) as the config's arguments.
    func configArguments(from answer: Result<ConfigReadResult, ConfigFileReader.HelperFailure>) -> Result<ConfigArguments, Failure> {
        let file: ConfigFile
        switch answer {
        case .success(.read(let read)): file = read
        case .success(.invalid(let error)): return .failure(.invalid(error.description))
        case .success(.unreadable(let message)): return .failure(.unreadable("config file: \(message)"))
        case .failure(let error):
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
