/// How the ticker shows its messages (`--mode`, the config's `mode`): a crawl in one of three
/// motions, the crawl stopping each message's start at the reading edge (hold), or one message
/// at a time rolling up to the next (roll).
public enum TickerMode: String, Sendable, CaseIterable {
    /// The endless loop with copies.
    case continuous
    /// Scroll only when the text does not fit; text that fits stands still, aligned.
    case overflow
    /// One copy sliding back and forth (HTML marquee's "alternate").
    case bounce
    /// The loop, each message's start standing at the reading edge for `hold` seconds (the
    /// broadcasters' staggered crawl).
    case hold
    /// A departure board: each message stands for its reading time (`MessagePager`), then the
    /// next rolls up into its place (`PageRoll`).
    case roll

    /// Whether messages are shown one at a time as pages whatever the desktop's motion setting.
    public var showsPages: Bool { self == .roll }
}
