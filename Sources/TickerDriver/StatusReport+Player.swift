import MarqueeCore
import MarqueeFormats

/// The player's part of a status report: motion, speed, the message on screen.
extension StatusReport {
    public mutating func read(_ player: MarqueePlayer) {
        let control = player.motion
        mode = control.settings.mode.rawValue
        motion = player.pages.showsPages ? "pages" : "scrolling"
        paused = player.isPaused
        speed = control.speed
        direction = control.direction.rawValue
        message = Self.message(onScreen: player)
        dpi = control.scale * DesktopPreferences.referenceDPI
        refreshRate = control.refreshPeriod > 0 ? 1 / control.refreshPeriod : 0
        subpixel = control.settings.subpixel
    }

    /// The text of the message at the reading edge (tags removed), or of the page on show.
    public static func message(onScreen player: MarqueePlayer) -> String? { player.messageOnScreen }
}
