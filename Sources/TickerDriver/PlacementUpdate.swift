import MarqueeFormats

/// A new placement after a reload: what changed, nil where nothing did.
public struct PlacementUpdate: Equatable {
    /// Device pixels (the display converts to its own units).
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

/// A part of a placement a display cannot honour, reported rather than ignored.
public struct PlacementRefusal: Equatable, CustomStringConvertible {
    /// The option's name, as the user wrote it.
    public var option: String
    public var reason: String

    public init(option: String, reason: String) {
        self.option = option
        self.reason = reason
    }

    public var description: String { "\(option) is not honoured here: \(reason)" }
}
