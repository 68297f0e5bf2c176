/// How the ticker shows its messages (`--mode`, the config's `mode`): a crawl in one of three
/// motions, or the crawl stopping each message's start at the reading edge (hold).
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
}
