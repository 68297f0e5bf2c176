import MarqueeCore

/// What a lane starts with: its style (colours, speed, direction, layout, motion) and the font
/// its text is shaped with.
public struct LaneSetup {
    public var style: TickerStyle
    public var shaper: TextShaper

    public init(style: TickerStyle, shaper: TextShaper) {
        self.style = style
        self.shaper = shaper
    }
}
