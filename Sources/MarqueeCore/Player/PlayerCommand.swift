/// What the controls ask of the player: keys, the wheel and `xmarquee ctl` requests all come to
/// these (`MarqueePlayer.perform`).
public enum PlayerCommand: Equatable, Sendable {
    case pause, resume, togglePause
    /// A speed in pixels per second, eased in.
    case speed(Double)
    /// The speed `frames` steps of the grid per frame faster (negative: slower), so the step stays even.
    case nudgeSpeed(frames: Double)
    /// The text moves `steps` scrub steps the way it reads forward (negative: back).
    case scrub(steps: Double)
    /// The next message to the edge it is read from.
    case next
    /// An urgent message, shown once at the next place it can enter without a jump.
    case say(String)
    /// A screen reader says the message at the reading edge.
    case readAloud
}

extension PlayerKey {
    public var command: PlayerCommand {
        switch self {
        case .togglePause: .togglePause
        case .scrubLeft: .scrub(steps: 1)
        case .scrubRight: .scrub(steps: -1)
        case .faster: .nudgeSpeed(frames: 1)
        case .slower: .nudgeSpeed(frames: -1)
        case .readAloud: .readAloud
        }
    }
}
