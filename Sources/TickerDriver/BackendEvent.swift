import MarqueeCore
import MarqueeFormats

/// What a display says, as the driver understands it: the same few events from every backend.
public enum BackendEvent: Equatable {
    /// The surface is `width` device pixels wide now (its height is the backend's own affair).
    case resized(width: Int)
    /// Shown or hidden (mapped, a bar configured or closed).
    case mapped(Bool)
    /// Entirely covered by other windows, or no longer.
    case obscured(Bool)
    /// What stands on screen must be drawn again now (an exposure, a compositor came or went).
    case damaged
    /// Pointer and keyboard input.
    case input(PlayerInput)
    /// The user closed the window: the program ends.
    case closed
    /// The connection to the display broke: the program ends with `ExitStatus.displayLost`.
    case lost
    /// The surface's device pixels per logical pixel changed (an output's scale).
    case scale(Double)
}

/// A new placement after a reload: what changed, nil where nothing did.
public struct PlacementUpdate: Equatable {
    public var height: Int
    public var monitor: MonitorChoice
    public var above: Bool?
    public var sticky: Bool?

    public init(height: Int, monitor: MonitorChoice, above: Bool? = nil, sticky: Bool? = nil) {
        self.height = height
        self.monitor = monitor
        self.above = above
        self.sticky = sticky
    }
}
