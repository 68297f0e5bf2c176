import Glibc

/// Why a source could not be made, naming the source: "clock: cannot create a timer: Too many
/// open files". The ticker warns once and runs without that source.
public struct SourceError: Error, CustomStringConvertible {
    public let source: String
    public let reason: String

    /// A timer descriptor that could not be had, with the system's reason (`errno` as it was left).
    public static func noTimer(_ source: String) -> SourceError {
        SourceError(source: source, reason: "cannot create a timer: \(String(cString: strerror(errno)))")
    }

    public var description: String { "\(source): \(reason)" }
}
