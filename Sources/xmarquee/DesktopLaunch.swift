/// `--desktop-launch`: how the desktop entry (`assets/xmarquee.desktop`) and the autostart entry
/// (`--autostart on`) start the ticker, where standard error reaches nobody. There a fatal error in
/// the options or the config file does not end the program: the bar opens on the defaults with the
/// error as its message (`ProblemReporter`), and errors and warnings also go to the journal and the
/// notification server. A terminal or a script, without it, keeps standard error and status 2.
enum DesktopLaunch {
    static let flag = "--desktop-launch"

    /// Whether the command line asks for it, looked for before parsing: an option that does not
    /// parse beside it must still reach the bar. After `--` it is a message, not the flag.
    static func isRequested(in arguments: [String]) -> Bool {
        arguments.prefix { $0 != "--" }.contains(flag)
    }

    /// The options a desktop launch runs on after a fatal error: the defaults, with `message` (the
    /// error, formatted for the bar) as the only text.
    static func fallback(showing message: String) -> XMarquee {
        do {
            guard let command = try XMarquee.parseAsRoot([flag, "--", message]) as? XMarquee else {
                fatalError("the defaults do not parse as xmarquee's command")
            }
            return command
        } catch {
            fatalError("the defaults do not parse: \(error)")
        }
    }
}
