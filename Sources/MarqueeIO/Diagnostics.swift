import Glibc

/// One-line messages on standard error, prefixed with the program name, so that every problem
/// reads the same way in a terminal, a journal or a status bar's log.
public enum Diagnostics {
    public static let program = "xmarquee"

    public enum Severity: Sendable {
        /// `fatal`: the program ends right after it is heard.
        case warning, error, fatal
    }

    /// Who hears each warning and error besides standard error: in a desktop launch, the bar,
    /// the journal and the notification server (`ProblemReporter`), where standard error reaches
    /// nobody. Set once at start and called on the loop's thread, the only one that reports.
    nonisolated(unsafe) public static var listener: ((Severity, String) -> Void)?

    /// Whether standard error is the systemd journal's stream (a systemd user unit's, as GNOME
    /// and KDE start autostart entries): systemd says so in JOURNAL_STREAM, the device and inode
    /// of the stream, which must be those of descriptor 2. Each line then starts with its syslog
    /// priority (`<4>` warning, `<3>` error), which journald files it under, and nothing need be
    /// sent to the journal beside it.
    public static let standardErrorIsJournal: Bool = {
        guard let value = getenv("JOURNAL_STREAM").map({ String(cString: $0) }) else { return false }
        let parts = value.split(separator: ":")
        var status = stat()
        guard parts.count == 2, let device = UInt64(parts[0]), let inode = UInt64(parts[1]), fstat(2, &status) == 0 else { return false }
        return UInt64(status.st_dev) == device && UInt64(status.st_ino) == inode
    }()

    public static func warn(_ message: String) {
        write(line("warning: \(message)", priority: 4))
        listener?(.warning, message)
    }

    /// Something worth knowing that is not a problem (a reloaded config, for instance).
    public static func note(_ message: String) {
        write(line(message, priority: nil))
    }

    public static func error(_ message: String) {
        write(line(message, priority: 3))
        listener?(.error, message)
    }

    /// Prints the error and ends the process with `status`.
    public static func fail(_ message: String, status: Int32) -> Never {
        write(line(message, priority: 3))
        listener?(.fatal, message)
        exit(status)
    }

    /// An error told only on standard error: its other places are told by the caller.
    public static func errorLine(_ message: String) {
        write(line(message, priority: 3))
    }

    /// `message` as a line of standard error: the program's name first, and its syslog priority
    /// before that where standard error is the journal.
    static func line(_ message: String, priority: Int?) -> String {
        let level = standardErrorIsJournal ? priority.map { "<\($0)>" } ?? "" : ""
        return "\(level)\(program): \(message)\n"
    }

    public static func write(_ text: String) {
        var bytes = Array(text.utf8)
        // A single write keeps concurrent instances' lines whole.
        _ = bytes.withUnsafeMutableBytes { Glibc.write(2, $0.baseAddress, $0.count) }
    }
}
