/// Reduced motion: one message at a time, standing still, switching pages without sliding (the
/// timing is `MessagePager`'s). Scrolling comes back while the pointer is over the window or
/// after `ctl resume`; pausing holds the page.
extension MarqueePlayer {
    public var reducesMotion: Bool { pager != nil }
    /// True while a page stands instead of the scrolling text.
    public var showsPages: Bool { pager?.showsPages ?? false }
    /// When the page on show has had its reading time (nil: no switch is due).
    public var nextPageSwitch: Double? { pager?.nextSwitch }

    /// Switches reduced motion on or off (the desktop's animation setting, live). The message at
    /// the reading edge becomes the page, or the scroll goes on from the page.
    public mutating func setReducedMotion(_ reduced: Bool, at now: Double) {
        guard reduced != (pager != nil) else { return }
        if reduced {
            var pager = MessagePager(at: now)
            if isPaused { pager.hold(at: now) }
            self.pager = pager
            notePageLengths()
            let index = messageIndexAtReadingEdge() ?? 0
            self.pager?.show(messageAt: index)
        } else {
            scrollStartMessage = currentPageIndex
            pager = nil
            urgentPage = nil
        }
        layOut()
    }

    /// The page's reading time is up (the caller's timer for `nextPageSwitch` fired).
    public mutating func pageTimeUp(at now: Double) {
        guard var pager, let wake = pager.nextSwitch, now >= wake - 0.001 else { return }
        if pager.page == .urgent { urgentPage = nil }
        pager.advance(at: now)
        self.pager = pager
        layOut()
    }

    /// The pages of the moment: the message on show alone, cut with an ellipsis when it is wider
    /// than the window; nil while the text scrolls.
    func pagesShown() -> [Message]? {
        guard let pager, pager.showsPages else { return nil }
        let message: Message
        switch pager.page {
        case .urgent: message = Message(urgentPage ?? "")
        case .message(let index):
            let messages = self.messages
            guard index < messages.count else { return [] }
            message = messages[index]
        }
        let available = width - 2 * style.layout.padding
        let visible = message.visibleText(interpretingMarkup: style.layout.interpretsMarkup,
                                          limit: max(Self.readingLengthLimit, width))
        // Cut on the text as drawn (tags removed), so what stays is plain text: a page shows the
        // start of a long message, not its colours.
        let shaper = (pendingShapes ?? shapes).shaper
        guard let cut = TextEllipsis.cut(visible, toFit: available, measure: { pixels(shaper.shape(String($0)).advance) }) else {
            return [message]
        }
        return [Message.data(cut, link: message.link)]
    }

    /// Visible lengths of the messages, for their reading times.
    mutating func notePageLengths() {
        let lengths = messages.map {
            $0.visibleText(interpretingMarkup: style.layout.interpretsMarkup, limit: Self.readingLengthLimit).count
        }
        pager?.setMessages(lengths: lengths)
    }

    /// The pointer entered (`.hover`) or `ctl resume` (`.request`): the text scrolls on from the
    /// message that was on show.
    mutating func startScrolling(_ reason: MessagePager.ScrollReason, at now: Double) {
        guard var pager else { return }
        let wasPaging = pager.showsPages
        pager.startScrolling(reason, at: now)
        self.pager = pager
        if wasPaging {
            scrollStartMessage = currentPageIndex
            layOut()
        }
    }

    mutating func stopScrolling(_ reason: MessagePager.ScrollReason, at now: Double) {
        guard var pager else { return }
        let wasScrolling = !pager.showsPages
        pager.stopScrolling(reason, at: now)
        if wasScrolling && pager.showsPages { pager.show(messageAt: messageIndexAtReadingEdge() ?? pager.index) }
        self.pager = pager
        if wasScrolling && pager.showsPages { layOut() }
    }

    /// Holds the page (space, a click, `ctl pause`); does nothing while the text scrolls normally.
    mutating func holdPage(at now: Double) {
        guard var pager else { return }
        let wasScrolling = !pager.showsPages
        pager.hold(at: now)
        if wasScrolling && pager.showsPages { pager.show(messageAt: messageIndexAtReadingEdge() ?? pager.index) }
        self.pager = pager
        if wasScrolling && pager.showsPages { layOut() }
    }

    mutating func releasePage(at now: Double) {
        pager?.release(at: now)
    }

    var currentPageIndex: Int {
        guard let pager, case .message(let index) = pager.page else { return pager?.index ?? 0 }
        return index
    }

    /// The number of the message at the edge the text is read from, in `messages`.
    func messageIndexAtReadingEdge() -> Int? {
        let count = groups.reduce(0) { $0 + $1.messages.count }
        guard let (layout, index) = messageAtReadingEdge(), layout.messageStarts.count == count else { return nil }
        return (index + scrollStartMessage) % count
    }
}
