import Glibc

/// Why a ticker could not be made.
public enum TickerError: Error, CustomStringConvertible {
    /// No timer descriptor could be had (the process is out of descriptors).
    case noTimer(errno: Int32)

    public var description: String {
        switch self {
        case .noTimer(let errno): "cannot create a timer: \(String(cString: strerror(errno)))"
        }
    }
}
