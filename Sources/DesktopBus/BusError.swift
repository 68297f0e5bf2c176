import Glibc

/// A failed sd-bus call: what was asked and the errno it returned (sd-bus returns -errno).
public struct BusError: Error, CustomStringConvertible, Sendable {
    public let operation: String
    public let code: Int32
    /// Already told the user (libsystemd could not be loaded: `BusLibrary` says so once), so
    /// whoever catches it says nothing more.
    public let alreadySaid: Bool

    init(_ operation: String, _ result: Int32, alreadySaid: Bool = false) {
        self.operation = operation
        code = -result
        self.alreadySaid = alreadySaid
    }

    public var description: String { "\(operation): \(String(cString: strerror(code)))" }

    /// Returns `result` when it is not an error, else throws it.
    @discardableResult
    static func check(_ result: Int32, _ operation: @autoclosure () -> String) throws(BusError) -> Int32 {
        guard result >= 0 else { throw BusError(operation(), result) }
        return result
    }
}
