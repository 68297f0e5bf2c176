import MarqueeCore
import MarqueeFormats

extension MarqueePlayer {
    /// Applies a `ctl` request (`status` and `quit` are the app's: they change nothing here).
    public mutating func handle(_ request: ControlRequest, at now: Double) {
        if let command = request.command { perform(command, at: now) }
    }
}
