/// Pages: one message at a time, standing (reduced motion), or rolling from one to the next
/// (`--mode roll`).
extension MarqueePlayer {
    /// Switches reduced motion on or off (the desktop's animation setting, live). The message at
    /// the reading edge becomes the page, or the scroll goes on from the page.
    public mutating func setReducedMotion(_ reduced: Bool, at now: Double) {
        // A rolling board shows pages either way, rolling only while motion is not reduced.
        let board = motion.settings.mode.showsPages
        pages.setRolls(board && !reduced)
        if !pages.rolls { rolls.stop() }
        let paging = reduced || board
        guard paging != pages.isOn else { return }
        if paging { pages.turnOn(showing: readingIndex ?? 0, lengths: readingLengths, held: isPaused, at: now) } else { pages.turnOff() }
        layOut()
    }

    /// The messages' visible lengths, for their reading times as pages.
    var readingLengths: [Int] { PageMode.readingLengths(of: content.messages, settings: layout) }

    /// The page's reading time is up (the caller's timer for `pages.nextSwitch` fired).
    /// `skipping`: the next page at once (`ctl next`).
    public mutating func pageTimeUp(at now: Double, skipping: Bool = false) {
        guard skipping ? pages.skip(at: now) : pages.timeUp(at: now) else { return }
        rolls.expectNextPage(pages.rolls)
        layOut()
    }

    /// The text of the message at the reading edge (tags removed), or of the page on show: what
    /// `ctl status` and a screen reader say.
    public var messageOnScreen: String? {
        pages.showsPages ? pages.text(of: content, interpretingMarkup: layout.interpretsMarkup)
            : strip.textAtReadingEdge(direction: motion.direction, interpretingMarkup: layout.interpretsMarkup)
    }

    /// The number of the message at the edge the text is read from, in `content.messages`.
    var readingIndex: Int? { pages.readingIndex(on: strip, direction: motion.direction, of: content) }
}
