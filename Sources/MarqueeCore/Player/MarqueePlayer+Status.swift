/// What the player is doing, for `xmarquee ctl status`.
extension MarqueePlayer {
    /// Fills in the player's part of a status report: motion, speed, the message on screen.
    public func describe(into report: inout StatusReport) {
        report.mode = style.motion.mode.rawValue
        report.motion = showsPages ? "pages" : "scrolling"
        report.paused = isPaused
        report.speed = style.speed
        report.direction = style.direction.rawValue
        report.message = messageOnScreen
        report.dpi = style.scale * DesktopPreferences.referenceDPI
        report.refreshRate = refreshPeriod > 0 ? 1 / refreshPeriod : 0
        report.subpixel = style.motion.subpixel
    }

    /// The text of the message at the reading edge (tags removed), or of the page on show.
    public var messageOnScreen: String? {
        if showsPages, let pager {
            if pager.page == .urgent { return urgentPage }
            let messages = self.messages
            let index = currentPageIndex
            return messages.indices.contains(index) ? visible(messages[index]) : nil
        }
        // From the layout on show: new messages may not have reached the screen yet.
        guard let (layout, index) = messageAtReadingEdge(), (0..<layout.messageCount).contains(index) else { return nil }
        return visible(layout.message(at: index))
    }

    private func visible(_ message: Message) -> String {
        message.visibleText(interpretingMarkup: style.layout.interpretsMarkup, limit: 1000)
    }
}
