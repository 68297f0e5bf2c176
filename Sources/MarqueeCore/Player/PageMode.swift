/// Reduced motion: one message at a time, standing still, switching pages without sliding (the
/// timing is `MessagePager`'s). Scrolling comes back while the pointer is over the window or
/// after `ctl resume`, and goes on from the page that was on show; pausing holds the page.
///
/// `--mode roll` shows the same pages (`rolls`), the next rolling up into place (`PageRoll`,
/// the player's), each standing for its reading time after the roll. There the pointer over the
/// bar holds the page instead of scrolling: a reader pointing at a board's line, to read it to
/// the end or to click its link, wants it to stay, and text that starts to crawl under the
/// pointer is the motion this mode exists to avoid.
public struct PageMode {
    /// Characters counted for a reading time: the time stops growing long before this.
    public static let readingLengthLimit = 400

    /// Nil: the text scrolls (no reduced motion).
    public private(set) var pager: MessagePager?
    /// The text of an urgent message shown as a page.
    public private(set) var urgentPage: String?
    /// The message a scroll began with (the page that was on show), so the text goes on from
    /// where the reader was, during reduced motion and after it.
    public private(set) var scrollStartMessage = 0

    /// Pages roll from one to the next (`--mode roll` without reduced motion).
    public private(set) var rolls = false
    /// The page is held because the pointer is over it (rolls only), not by the user's pause.
    public private(set) var heldByHover = false

    public init() {}

    mutating func setRolls(_ rolling: Bool) { rolls = rolling }

    public var isOn: Bool { pager != nil }
    /// True while a page stands instead of the scrolling text.
    public var showsPages: Bool { pager?.showsPages ?? false }
    public var isHeld: Bool { pager.map { $0.showsPages && $0.isHeld } ?? false }
    /// Held by the user's pause (not by the pointer over a rolling board).
    public var isHeldByUser: Bool { isHeld && !heldByHover }
    /// When the page on show has had its reading time (nil: no switch is due).
    public var nextSwitch: Double? { pager?.nextSwitch }

    /// The number of the message on show as a page.
    var currentIndex: Int {
        guard let pager, case .message(let index) = pager.page else { return pager?.index ?? 0 }
        return index
    }

    /// The number in `content.messages` of the message at the reading edge of `strip` (nil when
    /// the layout on show holds other messages): its layout began at `scrollStartMessage`.
    func readingIndex(on strip: StripView, direction: ScrollDirection, of content: ContentQueue) -> Int? {
        let count = content.messageCount
        return strip.messageIndex(atReadingEdge: direction, of: count).map { ($0 + scrollStartMessage) % count }
    }

    /// The text (tags removed) of the page on show.
    func text(of content: ContentQueue, interpretingMarkup: Bool) -> String? {
        if pager?.page == .urgent { return urgentPage }
        return content.message(at: currentIndex)?.visibleText(interpretingMarkup: interpretingMarkup, limit: Announcement.textLimit)
    }

    // MARK: Switching

    /// Pages from now on, showing message `index` (held at once when the text was paused).
    mutating func turnOn(showing index: Int, lengths: [Int], held: Bool, at time: Double) {
        var pager = MessagePager(at: time)
        if held { pager.hold(at: time) }
        pager.setMessages(lengths: lengths)
        pager.show(messageAt: index)
        self.pager = pager
    }

    /// Scrolling again, on from the page that was on show.
    mutating func turnOff() {
        scrollStartMessage = currentIndex
        pager = nil
        urgentPage = nil
        heldByHover = false
    }

    mutating func setLengths(_ lengths: [Int]) { pager?.setMessages(lengths: lengths) }

    /// An urgent message as the next page, at once.
    mutating func showUrgent(_ text: String, at time: Double) {
        urgentPage = text
        let shown = time + rollTime
        pager?.showUrgent(characters: text.count, at: shown)
    }

    /// The page's reading time is up: the next page. False when no switch was due. A page that
    /// rolls in is read from the end of its roll.
    mutating func timeUp(at time: Double) -> Bool {
        guard var pager, let wake = pager.nextSwitch, time >= wake - 0.001 else { return false }
        if pager.page == .urgent { urgentPage = nil }
        pager.advance(at: time + rollTime)
        self.pager = pager
        return true
    }

    /// `ctl next`, the menu's Next message: the next page now (false with a single message).
    mutating func skip(at time: Double) -> Bool {
        guard var pager, pager.showsPages, pager.lengths.count > 1 || pager.page == .urgent else { return false }
        if pager.page == .urgent { urgentPage = nil }
        pager.skip(at: time + rollTime)
        self.pager = pager
        return true
    }

    /// The time a page takes to roll into place, before its reading time starts.
    private var rollTime: Double { rolls ? PageRoll.duration : 0 }

    /// The pointer over a rolling board holds its page; leaving lets it go on (a pause the user
    /// asked for meanwhile stays).
    mutating func hoverHold(_ over: Bool, at time: Double) {
        guard var pager else { return }
        if over, !pager.isHeld {
            pager.hold(at: time)
            heldByHover = true
        } else if !over, heldByHover {
            pager.release(at: time)
            heldByHover = false
        }
        self.pager = pager
    }

    // MARK: Scrolling and holding (each returns whether what is shown changed)

    /// The pointer entered (`.hover`) or `ctl resume` (`.request`): the text scrolls on from the
    /// message that was on show.
    mutating func startScrolling(_ reason: MessagePager.ScrollReason, at time: Double) -> Bool {
        guard var pager else { return false }
        let wasPaging = pager.showsPages
        pager.startScrolling(reason, at: time)
        self.pager = pager
        if wasPaging { scrollStartMessage = currentIndex }
        return wasPaging
    }

    /// Scrolling stops; the message at the reading edge (`readingIndex`) becomes the page.
    mutating func stopScrolling(_ reason: MessagePager.ScrollReason, readingIndex: Int?, at time: Double) -> Bool {
        change(readingIndex) { $0.stopScrolling(reason, at: time) }
    }

    /// Holds the page (space, a click, `ctl pause`); while scrolling, the message at the reading
    /// edge becomes the page, held.
    mutating func hold(readingIndex: Int?, at time: Double) -> Bool {
        heldByHover = false
        return change(readingIndex) { $0.hold(at: time) }
    }

    mutating func release(at time: Double) {
        heldByHover = false
        pager?.release(at: time)
    }

    private mutating func change(_ readingIndex: Int?, _ body: (inout MessagePager) -> Void) -> Bool {
        guard var pager else { return false }
        let wasScrolling = !pager.showsPages
        body(&pager)
        let paging = wasScrolling && pager.showsPages
        if paging { pager.show(messageAt: readingIndex ?? pager.index) }
        self.pager = pager
        return paging
    }

    // MARK: The page

    /// The page of the moment: the message on show alone, cut with an ellipsis when it is wider
    /// than `width` less the padding; nil while the text scrolls. Cut on the text as drawn (tags
    /// removed), so what stays is plain text: a page shows the start of a long message, not its
    /// colours.
    func page(of messages: ContentQueue, width: Int, settings: LayoutSettings, shaper: TextShaper) -> [Message]? {
        guard let pager, pager.showsPages else { return nil }
        let message: Message
        switch pager.page {
        case .urgent: message = Message(urgentPage ?? "")
        case .message(let index):
            guard let found = messages.message(at: index) else { return [] }
            message = found
        }
        let available = width - 2 * settings.padding
        let visible = message.visibleText(interpretingMarkup: settings.interpretsMarkup,
                                          limit: max(Self.readingLengthLimit, width))
        guard let cut = TextEllipsis.cut(visible, toFit: available, measure: { pixels(shaper.shape(String($0)).advance) }) else {
            return [message]
        }
        return [Message.data(cut, link: message.link)]
    }

    /// Visible lengths of `messages`, for their reading times.
    static func readingLengths(of messages: [Message], settings: LayoutSettings) -> [Int] {
        messages.map { $0.visibleText(interpretingMarkup: settings.interpretsMarkup, limit: readingLengthLimit).count }
    }
}
