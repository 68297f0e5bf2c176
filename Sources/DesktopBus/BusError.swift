import Glibc

/// A failed sd-bus call: what was asked and the errno it returned (sd-bus returns -errno).
public struct BusError: Error, CustomStringConvertible, Sendable {
    public let operation: String
    public let code: Int32

    init(_ operation: String, _ result: Int32) {
        self.operation = operation
        code = -result
    }

    public var description: String { "\(operation): \(String(cString: strerror(code)))" }

    /// Returns `result` when it is not an error, else throws it.
    @discardableResult
    static func check(_ result: Int32, _ operation: @autoclosure () -> String) throws(BusError) -> Int32 {
        guard result >= 0 else { throw BusError(operation(), result) }
        return result
    }
}
