import MarqueeCore
import MarqueeFormats

extension MarqueePlayer {
    /// Applies a `ctl` request: the ones that change what is shown (`status` and `quit` are the
    /// app's and change nothing here).
    public mutating func handle(_ request: ControlRequest, at now: Double) {
        switch request {
        case .pause: pause(at: now)
        case .resume: resume(at: now)
        case .toggle: togglePause(at: now)
        case .speed(let speed): changeSpeed(to: speed, at: now)
        case .say(let text): announce(text, at: now)
        case .next: skipToNextMessage(at: now)
        case .status, .quit: break
        }
    }
}
