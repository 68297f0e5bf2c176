import ArgumentParser
import Glibc
import MarqueeConfig
import MarqueeFormats
import MarqueeIO

extension Autostart.Switch: ExpressibleByArgument {}

/// Entry point: parses the command line, merges the config file under it and runs the ticker.
/// Every failure ends in one line on standard error and a distinct exit status (see `ExitStatus`).
@main
struct XMarquee: ParsableCommand {
    static let version = "0.1.0"

    static let configuration = CommandConfiguration(
        commandName: "xmarquee",
        abstract: "A smooth-scrolling text ticker for the Linux desktop (X11 and Wayland).",
        discussion: """
            With no text and no input, a welcome line scrolls. Messages from arguments, --file, \
            standard input, the clock, schedules, feeds and commands are shown one after another, \
            separated by --separator.
            Every option can also be set in the config file (~/.config/xmarquee/config, TOML): \
            the key is the option's long name, e.g. font = "DejaVu Sans:size=16", bar = "top", \
            above = true, text = ["first", "second"]. The command line wins over the file. \
            SIGHUP or saving the file reloads it while the ticker runs.
            Exit status: 0 on SIGINT/SIGTERM or window close, 2 for a bad option or value \
            (also in the config file; with --desktop-launch the ticker opens on its defaults \
            with the error instead, as the desktop and autostart entries start it), 3 when the display cannot be opened, 4 when the display \
            (X server or Wayland compositor) goes away, 5 when --file, --opml or --config (or Tickr's folder for --import-tickr) \
            cannot be read, 6 when `xmarquee ctl` finds no instance or is refused, 7 when \
            --import-tickr finds a config file there already (and no --force).
            """,
        version: "xmarquee \(version)",
        // `ctl` is handled before parsing (main); declared here for help and shell completions.
        subcommands: [ControlCommand.self]
    )

    @OptionGroup var options: Options

    @Option(help: ArgumentHelp("Config file to read instead of $XDG_CONFIG_HOME/xmarquee/config (~/.config/xmarquee/config).", valueName: "path"))
    var config: String?

    @Option(help: ArgumentHelp("Start xmarquee at login with your config (an XDG autostart entry), or stop; then exit.", valueName: "on|off"))
    var autostart: Autostart.Switch?

    @Flag(help: "Print the settings in effect (config file and command line merged) in config-file form, and exit.")
    var printConfig = false

    // Given alone (`--import-tickr`), main passes it on as `--import-tickr=~/.tickr`.
    @Option(help: ArgumentHelp("Make Tickr's feeds and settings (from its folder, ~/.tickr by default) your config file, say what was carried over and what was not, and exit.",
                               valueName: "path"))
    var importTickr: String?

    @Flag(help: "With --import-tickr: replace a config file that is already there.")
    var force = false

    // Cut out before parsing (`LaneArguments`); declared for help and the man page.
    @Flag(help: "Starts the next lane: the options and texts after it are that lane's (from the defaults), stacked below the lane before. Options of the whole bar (placement, --height, --name, --motion, --menu) go before the first --lane.")
    var lane = false

    // Looked for before parsing (`DesktopLaunch.isRequested`); declared for help and the man page.
    @Flag(help: "How the desktop entry and the autostart entry start xmarquee: a bad option or config file still opens the ticker, on its defaults, with the error as its message (a click opens the config file); errors and warnings also go to the journal and the notification server.")
    var desktopLaunch = false

    static func main() {
        let arguments = Self.withOptionalValuesSpelledOut(Array(CommandLine.arguments.dropFirst()))
        // `xmarquee ctl …` steers a running instance (to scroll the word "ctl": xmarquee -- ctl).
        if arguments.first == "ctl" { ControlCommand.runAndExit(Array(arguments.dropFirst())) }
        let paths = XDGPaths(environment: Self.environment)
        let actions = ActionLinks.random()
        let reporter = ProblemReporter(desktopLaunch: DesktopLaunch.isRequested(in: arguments),
                                       editLink: actions.link(SettingsEditor.action), configPath: paths.configFile)
        // A fatal error where a desktop launch goes on: on the defaults, the error as the message.
        var runsOnDefaults = false
        func startFailed(_ message: String, status: ExitStatus) -> XMarquee {
            guard reporter.desktopLaunch else { Diagnostics.fail(message, status: status.rawValue) }
            reporter.startFailed(message)
            runsOnDefaults = true
            return DesktopLaunch.fallback(showing: reporter.barText(message))
        }
        let lanes = LaneArguments(arguments)
        var command: XMarquee
        switch parse(lanes.first) {
        case .success(let parsed): command = parsed
        case .failure(let problem): command = startFailed(problem.message, status: .usage)
        }
        var extraLanes: [Options] = []
        if !runsOnDefaults {
            switch lanes.parseLanes(firstReadsStandardInput: command.options.readsStandardInput) {
            case .success(let parsed): extraLanes = parsed
            case .failure(let problem): command = startFailed(problem.message, status: .usage)
            }
        }
        if let autostart = command.autostart {
            Glibc.exit(Autostart.set(autostart, paths: paths, executable: Autostart.executablePath))
        }
        if let folder = command.importTickr {
            Glibc.exit(TickrImportCommand.run(folder: folder, configPath: command.config ?? paths.configFile, force: command.force))
        }
        if command.force { Diagnostics.fail("--force goes with --import-tickr", status: ExitStatus.usage.rawValue) }
        let configPath = command.config ?? paths.configFile
        reporter.configPath = configPath
        var resolver = OptionsResolver(commandLine: lanes.first, configPath: configPath,
                                       configIsExplicit: command.config != nil,
                                       commandLineHasMessages: !command.options.text.isEmpty)
        var resolved = OptionsResolver.Resolved(options: command.options, warnings: [])
        if !runsOnDefaults {
            switch resolver.resolve() {
            case .success(let result): resolved = result
            case .failure(.unreadable(let message)):
                resolved.options = startFailed(message, status: .input).options
            case .failure(.invalid(let message)):
                resolved.options = startFailed(message, status: .usage).options
            }
        }
        // Lanes from the config file's [[lane]] tables where the command line gives none.
        if lanes.lanes.isEmpty && !resolver.config.lanes.isEmpty && !runsOnDefaults {
            switch LaneArguments(configLanes: resolver.config.lanes).parseLanes(firstReadsStandardInput: resolved.options.readsStandardInput) {
            case .success(let parsed): extraLanes = parsed
            case .failure(let problem): resolved.options = startFailed("config file: " + problem.message, status: .usage).options
            }
        }
        resolved.warnings.forEach(Diagnostics.warn)
        if command.printConfig {
            for setting in resolved.options.settings { print("\(setting.key) = \(setting.value)") }
            Glibc.exit(0)
        }
        // A warning written after whoever read our standard error has gone (a launcher's log that
        // quit) fails with EPIPE instead of killing the ticker; children get the default back.
        _ = signal(SIGPIPE, SIG_IGN)
        if command.config == nil { TickrFolder.noteImportOnce(paths: paths, configPath: paths.configFile) }
        var app = TickerApp(options: resolved.options, extraLanes: extraLanes, resolver: resolver, runsOnDefaults: runsOnDefaults,
                            reporter: reporter, actions: actions,
                            gtkSettingsPath: paths.configHome.map { $0 + "/gtk-3.0/settings.ini" })
        Glibc.exit(app.run())
    }

    /// The command line alone: --help and --version print in full and exit 0; any other problem
    /// is its one line (status 2 where it ends the program).
    private static func parse(_ arguments: [String]) -> Result<XMarquee, OptionsResolver.Failure> {
        do {
            let parsed = try parseAsRoot(arguments)
            if let command = parsed as? XMarquee { return .success(command) }
            // --help comes back as ArgumentParser's own help command: running it ends in the
            // clean exit below, which prints the help.
            var other = parsed
            try other.run()
            Glibc.exit(0)
        } catch {
            if exitCode(for: error) == .success { exit(withError: error) }
            return .failure(.invalid(OptionsResolver.firstLine(of: XMarquee.message(for: error))))
        }
    }

    /// Options with an optional value, which ArgumentParser's options cannot have.
    /// `--import-tickr` given alone (last, or before another option) becomes
    /// `--import-tickr=~/.tickr`, Tickr's own folder. `--now-playing=NAME` becomes
    /// `--now-playing --player NAME`: only with `=`, as GNU options with optional values, since a
    /// word after `--now-playing` is a message.
    static func withOptionalValuesSpelledOut(_ arguments: [String]) -> [String] {
        var result: [String] = []
        for (index, argument) in arguments.enumerated() {
            if argument == "--" {
                result += arguments[index...]
                break
            }
            if argument == "--import-tickr", index + 1 == arguments.count || arguments[index + 1].hasPrefix("-") {
                result.append("--import-tickr=~/.tickr")
            } else if argument.hasPrefix("--now-playing=") {
                result += ["--now-playing", "--player", String(argument.dropFirst("--now-playing=".count))]
            } else {
                result.append(argument)
            }
        }
        return result
    }

    static var environment: [String: String] {
        var result: [String: String] = [:]
        for name in ["HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME"] {
            if let value = getenv(name) { result[name] = String(cString: value) }
        }
        return result
    }
}
