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

    public static func warn(_ message: String) {
        write("\(program): warning: \(message)\n")
        listener?(.warning, message)
    }

    /// Something worth knowing that is not a problem (a reloaded config, for instance).
    public static func note(_ message: String) {
        write("\(program): \(message)\n")
    }

    public static func error(_ message: String) {
        write("\(program): \(message)\n")
        listener?(.error, message)
    }

    /// Prints the error and ends the process with `status`.
    public static func fail(_ message: String, status: Int32) -> Never {
        write("\(program): \(message)\n")
        listener?(.fatal, message)
        exit(status)
    }

    public static func write(_ text: String) {
        var bytes = Array(text.utf8)
        // A single write keeps concurrent instances' lines whole.
        _ = bytes.withUnsafeMutableBytes { Glibc.write(2, $0.baseAddress, $0.count) }
    }
}
