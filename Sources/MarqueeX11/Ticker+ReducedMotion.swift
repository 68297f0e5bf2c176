import CX11
import MarqueeCore
import MarqueeIO

/// Reduced motion: the ticker shows one message at a time, standing still, and switches pages
/// without sliding (the decisions are `MessagePager`'s). Scrolling comes back while the pointer
/// is over the window or after `ctl resume`; pausing holds the page.
extension Ticker {
    /// Characters counted for a reading time: the time stops growing long before this.
    static let readingLengthLimit = 400

    public var reducesMotion: Bool { pager != nil }
    /// True while a page stands instead of the scrolling text.
    var showsPages: Bool { pager?.showsPages ?? false }

    /// Switches reduced motion on or off (the desktop's animation setting changed, live). The
    /// message at the reading edge becomes the page, or the scroll goes on from the page.
    public func setReducedMotion(_ reduced: Bool) {
        guard reduced != (pager != nil) else { return }
        let now = MonotonicClock.now()
        if reduced {
            var pager = MessagePager(at: now)
            if isPaused { pager.hold(at: now) }
            self.pager = pager
            notePageLengths()
            self.pager!.show(messageAt: messageAtReadingEdge() ?? 0)
        } else {
            scrollStartMessage = currentPageIndex
            pager = nil
            urgentPage = nil
            pageTimer.disarm()
        }
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
            guard index < messages.count else { return [] }
            message = messages[index]
        }
        let available = window.width - 2 * style.layout.padding
        let visible = message.visibleText(interpretingMarkup: style.layout.interpretsMarkup,
                                          limit: max(Self.readingLengthLimit, window.width))
        // Cut on the text as drawn (tags removed), so what stays is plain text: a page shows the
        // start of a long message, not its colours.
        guard let cut = TextEllipsis.cut(visible, toFit: available, measure: { pixels(self.shapes.shaper.shape(String($0)).advance) }) else {
            return [message]
        }
        return [Message.data(cut, link: message.link)]
    }

    /// Visible lengths of the messages, for their reading times.
    func notePageLengths() {
        let lengths = messages.map {
            $0.visibleText(interpretingMarkup: style.layout.interpretsMarkup, limit: Self.readingLengthLimit).count
        }
        pager?.setMessages(lengths: lengths)
        armPageTimer()
    }

    func armPageTimer() {
        if let wake = pager?.nextSwitch { pageTimer.arm(at: wake) } else { pageTimer.disarm() }
    }

    func pageTimeUp() {
        guard var pager, let wake = pager.nextSwitch else { return }
        let now = MonotonicClock.now()
        guard now >= wake - 0.001 else { return armPageTimer() }
        if pager.page == .urgent { urgentPage = nil }
        pager.advance(at: now)
        self.pager = pager
        armPageTimer()
        layOut()
    }

    /// The pointer entered (`.hover`) or `ctl resume` (`.request`): the text scrolls on from the
    /// message that was on show.
    func startScrolling(_ reason: MessagePager.ScrollReason) {
        guard var pager else { return }
        let wasPaging = pager.showsPages
        pager.startScrolling(reason, at: MonotonicClock.now())
        self.pager = pager
        pageTimer.disarm()
        if wasPaging {
            scrollStartMessage = currentPageIndex
            layOut()
        }
    }

    func stopScrolling(_ reason: MessagePager.ScrollReason) {
        guard var pager else { return }
        let wasScrolling = !pager.showsPages
        pager.stopScrolling(reason, at: MonotonicClock.now())
        if wasScrolling && pager.showsPages { pager.show(messageAt: messageAtReadingEdge() ?? pager.index) }
        self.pager = pager
        armPageTimer()
        if wasScrolling && pager.showsPages { layOut() }
    }

    /// Holds the page (space, a click, `ctl pause`); true when reduced motion handled it.
    func holdPage() -> Bool {
        guard var pager else { return false }
        let wasScrolling = !pager.showsPages
        pager.hold(at: MonotonicClock.now())
        self.pager = pager
        pageTimer.disarm()
        if wasScrolling && pager.showsPages {
            self.pager!.show(messageAt: messageAtReadingEdge() ?? pager.index)
            layOut()
        }
        return true
    }

    func releasePage() {
        pager?.release(at: MonotonicClock.now())
        armPageTimer()
    }

    /// `ctl say` under reduced motion: the message is the next page, at once.
    func announceAsPage(_ text: String) -> Bool {
        guard pager?.showsPages == true else { return false }
        urgentPage = text
        pager!.showUrgent(characters: text.count, at: MonotonicClock.now())
        armPageTimer()
        layOut()
        return true
    }

    var currentPageIndex: Int {
        guard let pager, case .message(let index) = pager.page else { return pager?.index ?? 0 }
        return index
    }

    /// The number of the message at the edge the text is read from, in `messages`.
    func messageAtReadingEdge() -> Int? {
        guard let (layout, index) = layoutMessageAtReadingEdge(), layout.messageStarts.count == messages.count else { return nil }
        return (index + scrollStartMessage) % messages.count
    }

    /// The layout on show at the reading edge and the number of the message there in it.
    func layoutMessageAtReadingEdge() -> (CycleLayout, Int)? {
        guard let timeline else { return nil }
        let edge = style.direction == .left ? shownPosition : shownPosition + window.width - 1
        guard let piece = timeline.pieces(in: edge..<(edge + 1)).first else { return nil }
        let layout = piece.segment.content.layout
        guard layout.width > 0, !layout.messageStarts.isEmpty else { return nil }
        return (layout, layout.messageIndex(containing: StripGeometry.floorMod(edge - piece.segment.anchor, layout.width)))
    }

    static func rotated(_ messages: [Message], startingAt start: Int) -> [Message] {
        guard !messages.isEmpty else { return messages }
        let start = start % messages.count
        return Array(messages[start...] + messages[..<start])
    }
}
