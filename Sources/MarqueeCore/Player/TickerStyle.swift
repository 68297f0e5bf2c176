/// How the ticker looks and moves; resolved from the command line before the window exists.
public struct TickerStyle: Sendable {
    public var foreground: RGBAColor
    public var background: RGBAColor
    /// Requested pixels per second (0: the text stands still).
    public var speed: Double
    public var direction: ScrollDirection
    /// Separator, padding around each message, and whether inline formatting is read.
    public var layout: LayoutSettings
    /// A rounded box behind each message (nil: none).
    public var capsule: CapsuleStyle?
    /// Modes, timing, and what the pointer does.
    public var motion: MotionSettings
    /// Width in pixels over which the text fades out at both edges (0: no fade).
    public var fade: Int
    /// The desktop's DPI ÷ 96: what the ticker's own pixel amounts (the wheel's step) grow by.
    public var scale: Double = 1

    public init(foreground: RGBAColor, background: RGBAColor, speed: Double, direction: ScrollDirection,
                layout: LayoutSettings, capsule: CapsuleStyle? = nil, motion: MotionSettings = MotionSettings(), fade: Int = 0) {
        self.foreground = foreground
        self.background = background
        self.speed = speed
        self.direction = direction
        self.layout = layout
        self.capsule = capsule
        self.motion = motion
        self.fade = fade
    }

    public var separator: String {
        get { layout.separator }
        set { layout.separator = newValue }
    }

    /// The background as painted. Its alpha can only show on a window with an alpha channel
    /// while a compositor blends it; anywhere else the server shows the stored pixels as they
    /// are, premultiplied and so darkened, so there it is painted opaque in the same colour.
    public func shownBackground(alphaShows: Bool) -> RGBAColor {
        alphaShows ? background : background.opaque
    }
}

/// The box drawn behind each message (`--item-bg`), its text inset by the layout's padding.
public struct CapsuleStyle: Equatable, Sendable {
    public var color: RGBAColor
    /// Corner radius in pixels; nil rounds the ends fully (a capsule).
    public var radius: Int?

    public init(color: RGBAColor, radius: Int? = nil) {
        self.color = color
        self.radius = radius
    }
}
