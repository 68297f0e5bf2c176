/// How a run of text is drawn: set by inline formatting (`%{F…}`, `%{B…}`, `%{T…}`, `%{A…}`) or,
/// for the link, by the message's source (a feed item's address). Nil colours mean the ticker's own.
public struct TextStyle: Hashable, Sendable {
    public var foreground: RGBAColor?
    /// A box behind the run, the full height of the strip.
    public var background: RGBAColor?
    /// Font slot: 0 is the first `--font`, 1 the second (`%{T2}`), and so on.
    public var font: Int
    /// What a click on the run opens (only ever handed to an opener as one argument).
    public var link: String?
    /// Digits all of one width (a clock), whatever the font's default figures.
    public var tabularDigits: Bool

    public init(foreground: RGBAColor? = nil, background: RGBAColor? = nil, font: Int = 0, link: String? = nil,
                tabularDigits: Bool = false) {
        self.foreground = foreground
        self.background = background
        self.font = font
        self.link = link
        self.tabularDigits = tabularDigits
    }

    public static let plain = TextStyle()
}

extension RGBAColor: Hashable {
    public func hash(into hasher: inout Hasher) {
        hasher.combine(UInt64(red) << 48 | UInt64(green) << 32 | UInt64(blue) << 16 | UInt64(alpha))
    }
}
