/// Why a ticker could not be made.
public enum DriverError: Error, CustomStringConvertible {
    /// The system gave no timer (timerfd).
    case noTimer

    public var description: String {
        switch self {
        case .noTimer: "cannot create a timer"
        }
    }
}
