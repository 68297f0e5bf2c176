/// How the ticker looks: what the compositor paints (colours, the item box, the edge fade). The
/// player never reads it; a reload hands the compositor a new one in one call.
public struct TickerLook: Equatable, Sendable {
    public var foreground: RGBAColor
    public var background: RGBAColor
    /// A rounded box behind each message (nil: none).
    public var capsule: CapsuleStyle?
    /// Width in pixels over which the text fades out at both edges (0: no fade).
    public var fade: Int

    public init(foreground: RGBAColor, background: RGBAColor, capsule: CapsuleStyle? = nil, fade: Int = 0) {
        self.foreground = foreground
        self.background = background
        self.capsule = capsule
        self.fade = fade
    }

    /// The background as painted. Its alpha can only show on a window with an alpha channel
    /// while a compositor blends it; anywhere else the display shows the stored pixels as they
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
