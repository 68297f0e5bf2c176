/// How the text moves, as the user chose it (`--mode`, `--align`, `--pause-at-start`, …).
public struct MotionSettings: Equatable, Sendable {
    /// `--mode`: kept in a file of its own (`TickerMode`).
    public typealias Mode = TickerMode

    public enum Alignment: String, Sendable, CaseIterable {
        case left, center, right
    }

    public enum Start: String, Sendable, CaseIterable {
        /// The text starts already in view at the left edge.
        case visible
        /// The text enters from beyond the edge it comes from.
        case offscreen
    }

    public var mode: Mode = .continuous
    public var alignment: Alignment = .left
    /// Seconds to rest each time the start of the text reaches the leading edge (0: never);
    /// in bounce mode, the rest at each end (default 1 s).
    public var pauseAtStart: Double = 0
    /// Seconds each message's start stands at the reading edge in hold mode (`--hold`).
    public var hold: Double = MotionSettings.defaultHold
    public static let defaultHold = 2.0
    /// Seconds for one full pass of the cycle, instead of a speed.
    public var duration: Double?
    public var start: Start = .visible
    public var pauseOnHover = false
    public var clickToPause = false
    /// Show the text at its exact position, to 1/`SubpixelGrid.steps` px, with glyphs drawn at
    /// that phase; off: whole pixels only (`--subpixel off`).
    public var subpixel = true

    public init() {}

    /// Seconds the loop stands at each of its stops: each message's start in hold mode, each
    /// cycle's start with `--pause-at-start`; 0 where it never stops.
    public var stopPause: Double { mode == .hold ? hold : pauseAtStart }

    /// The rest at each end of a bounce.
    public var bounceRest: Double { pauseAtStart > 0 ? pauseAtStart : 1 }
}
