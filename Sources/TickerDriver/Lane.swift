import MarqueeCore

/// One lane of the bar: a player over a strip of its own (its messages, speed, direction, font
/// and colours), the label standing at its start edge, and its alarms. The driver plans every
/// lane in the same frame; a lane that stands still is not drawn again.
final class Lane {
    /// Every decision for this lane: what is on its strip, how it moves, what a frame shows.
    var player: MarqueePlayer
    /// The label standing at the lane's start edge, as last shown (`Ticker+Label`).
    var label: LaneLabel?
    /// Alarms at this lane's rest ends and page switches (nil only while being made).
    var timers: PlayerTimers?
    /// Whether the last decision for this lane asked for the next frame: such a lane is planned
    /// at the next vblank, if only to show where its motion came to rest.
    var wantsFrames = false

    init(player: MarqueePlayer) { self.player = player }
}
