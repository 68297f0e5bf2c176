import MarqueeCore
import MarqueeFormats

extension ControlRequest {
    /// What the request asks of the player; nil for `status` and `quit`, which are the app's.
    public var command: PlayerCommand? {
        switch self {
        case .pause: .pause
        case .resume: .resume
        case .toggle: .togglePause
        case .speed(let speed): .speed(speed)
        case .say(let text): .say(text)
        case .next: .next
        case .status, .quit: nil
        }
    }
}
