import MarqueeCore

/// How the ticker looks and moves; resolved from the command line before the window exists.
public struct TickerStyle: Sendable {
    public var foreground: RGBAColor
    public var background: RGBAColor
    /// Requested pixels per second (0: the text stands still).
    public var speed: Double
    public var direction: ScrollDirection
    public var separator: String
    /// Modes, timing, and what the pointer does.
    public var motion: MotionSettings
    /// Width in pixels over which the text fades out at both edges (0: no fade).
    public var fade: Int

    public init(foreground: RGBAColor, background: RGBAColor, speed: Double, direction: ScrollDirection, separator: String,
                motion: MotionSettings = MotionSettings(), fade: Int = 0) {
        self.foreground = foreground
        self.background = background
        self.speed = speed
        self.direction = direction
        self.separator = separator
        self.motion = motion
        self.fade = fade
    }

    /// The background as painted. Its alpha can only show on a window with an alpha channel
    /// while a compositor blends it; anywhere else the server shows the stored pixels as they
    /// are, premultiplied and so darkened, so there it is painted opaque in the same colour.
    public func shownBackground(alphaShows: Bool) -> RGBAColor {
        alphaShows ? background : background.opaque
    }
}
