/// How the ticker looks and moves, resolved from the command line before the window exists: the
/// look is the compositor's, the rest (speed, direction, layout, motion, scale) the player's.
public struct TickerStyle: Sendable {
    public var look: TickerLook
    /// Requested pixels per second (0: the text stands still).
    public var speed: Double
    public var direction: ScrollDirection
    /// Separator, padding around each message, and whether inline formatting is read.
    public var layout: LayoutSettings
    /// Modes, timing, and what the pointer does.
    public var motion: MotionSettings
    /// The desktop's DPI ÷ 96: what the ticker's own pixel amounts (the wheel's step) grow by.
    public var scale: Double = 1

    public init(foreground: RGBAColor, background: RGBAColor, speed: Double, direction: ScrollDirection,
                layout: LayoutSettings, capsule: CapsuleStyle? = nil, motion: MotionSettings = MotionSettings(), fade: Int = 0) {
        look = TickerLook(foreground: foreground, background: background, capsule: capsule, fade: fade)
        self.speed = speed
        self.direction = direction
        self.layout = layout
        self.motion = motion
    }
}
