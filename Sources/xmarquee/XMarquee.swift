import ArgumentParser
import Glibc
import MarqueeCore
import MarqueeIO

/// Entry point: parses the command line and runs the ticker. Every failure ends in one line on
/// standard error and a distinct exit status (see `ExitStatus`).
@main
struct XMarquee: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "xmarquee",
        abstract: "A smooth-scrolling text ticker for the X11 desktop.",
        discussion: """
            With no text and no input, a welcome line scrolls. Messages from arguments, --file, \
            standard input, the clock, schedules, feeds and commands are shown one after another, \
            separated by --separator.
            Exit status: 0 on SIGINT/SIGTERM or window close, 2 for a bad option or value, \
            3 when the display cannot be opened, 4 when the X server goes away, 5 when --file \
            or --opml cannot be read.
            """,
        version: "xmarquee 0.1.0"
    )

    @OptionGroup var options: Options

    static func main() {
        let command: XMarquee
        do {
            command = try parse()
        } catch {
            // --help and --version print in full and exit 0; any other problem is one line, status 2.
            if exitCode(for: error) == .success { exit(withError: error) }
            let message = XMarquee.message(for: error).split(separator: "\n").first.map(String.init) ?? "invalid arguments"
            Diagnostics.fail(message.hasPrefix("Error: ") ? String(message.dropFirst(7)) : message,
                             status: ExitStatus.usage.rawValue)
        }
        Glibc.exit(TickerApp(options: command.options).run())
    }
}
