import Glibc

/// One-line messages on standard error, prefixed with the program name, so that every problem
/// reads the same way in a terminal, a journal or a status bar's log.
public enum Diagnostics {
    public static let program = "xmarquee"

    public static func warn(_ message: String) {
        write("\(program): warning: \(message)\n")
    }

    /// Something worth knowing that is not a problem (a reloaded config, for instance).
    public static func note(_ message: String) {
        write("\(program): \(message)\n")
    }

    public static func error(_ message: String) {
        write("\(program): \(message)\n")
    }

    /// Prints the error and ends the process with `status`.
    public static func fail(_ message: String, status: Int32) -> Never {
        error(message)
        exit(status)
    }

    public static func write(_ text: String) {
        var bytes = Array(text.utf8)
        // A single write keeps concurrent instances' lines whole.
        _ = bytes.withUnsafeMutableBytes { Glibc.write(2, $0.baseAddress, $0.count) }
    }
}
