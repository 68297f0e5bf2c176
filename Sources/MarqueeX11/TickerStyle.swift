import MarqueeCore

/// How the ticker looks and moves; resolved from the command line before the window exists.
public struct TickerStyle: Sendable {
    public var foreground: RGBAColor
    public var background: RGBAColor
    /// Requested pixels per second (0: the text stands still).
    public var speed: Double
    public var direction: ScrollDirection
    public var separator: String

    public init(foreground: RGBAColor, background: RGBAColor, speed: Double, direction: ScrollDirection, separator: String) {
        self.foreground = foreground
        self.background = background
        self.speed = speed
        self.direction = direction
        self.separator = separator
    }
}
