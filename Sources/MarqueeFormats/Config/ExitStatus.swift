/// The process exit statuses, one per kind of failure, so scripts can tell them apart.
public enum ExitStatus: Int32, Sendable {
    /// Normal end: SIGINT, SIGTERM, the window closed.
    case success = 0
    /// Something unexpected inside xmarquee.
    case internalError = 1
    /// A bad option or value on the command line: nothing was started.
    case usage = 2
    /// The display could not be opened.
    case noDisplay = 3
    /// The connection to the display was lost while running.
    case displayLost = 4
    /// An input named on the command line (`--file`) cannot be read at start.
    case input = 5
    /// `xmarquee ctl`: no instance answers, or it refused the request.
    case control = 6
    /// `--import-tickr`: a config file is already there (and no `--force`); nothing was written.
    case configExists = 7
}
