/// What the player is doing, for `xmarquee ctl status`, and the readings the backends and tests
/// ask for by their old names.
extension MarqueePlayer {
    /// Fills in the player's part of a status report: motion, speed, the message on screen.
    public func describe(into report: inout StatusReport) {
        report.mode = motion.settings.mode.rawValue
        report.motion = showsPages ? "pages" : "scrolling"
        report.paused = isPaused
        report.speed = motion.speed
        report.direction = motion.direction.rawValue
        report.message = messageOnScreen
        report.dpi = scale * DesktopPreferences.referenceDPI
        report.refreshRate = motion.refreshPeriod > 0 ? 1 / motion.refreshPeriod : 0
        report.subpixel = motion.settings.subpixel
    }

    /// The text of the message at the reading edge (tags removed), or of the page on show.
    public var messageOnScreen: String? {
        if showsPages {
            if pages.pager?.page == .urgent { return pages.urgentPage }
            let messages = content.messages
            return messages.indices.contains(pages.currentIndex) ? visible(messages[pages.currentIndex]) : nil
        }
        // From the layout on show: new messages may not have reached the screen yet.
        guard let (layout, index) = strip.messageAtReadingEdge(direction: motion.direction),
              (0..<layout.messageCount).contains(index) else { return nil }
        return visible(layout.message(at: index))
    }

    private func visible(_ message: Message) -> String {
        message.visibleText(interpretingMarkup: layout.interpretsMarkup, limit: 1000)
    }

    public var speed: Double { motion.speed }
    public var speedOrigin: SpeedOrigin { motion.speedOrigin }
    public var director: MotionDirector? { motion.director }
    public var timeline: StripTimeline<CycleContent>? { strip.timeline }
    public var urgent: UrgentMessage? { content.urgent }
    public var shownPosition: Int { strip.position }
    public var shownPhase: Int { strip.phase }
    public var isVisible: Bool { visibility.isVisible }
    public var isLayingOut: Bool { content.isLayingOut }
    public var reducesMotion: Bool { pages.isOn }
    /// True while a page stands instead of the scrolling text.
    public var showsPages: Bool { pages.showsPages }
    /// When the page on show has had its reading time (nil: no switch is due).
    public var nextPageSwitch: Double? { pages.nextSwitch }
}
