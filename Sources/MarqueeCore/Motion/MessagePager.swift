/// Reduced motion: instead of scrolling, the ticker shows one message at a time, standing
/// still, for a reading time that grows with its length, and switches to the next without any
/// sliding. Scrolling comes back only while the pointer is over the ticker or after
/// `xmarquee ctl resume`. Pausing (space, a click, `ctl pause`) holds the message on show.
///
/// Pure arithmetic on message lengths and times; the ticker shows the pages and arms a timer
/// for `nextSwitch`.
public struct MessagePager: Equatable, Sendable {
    /// Reading time = base + characters ÷ rate, at most `longestReading` — about 180 words a
    /// minute with a moment to notice the change: 2.8 s for "Oil slips 2%" (12 characters),
    /// 8 s for a 90-character headline.
    public static let baseReading = 2.0
    public static let charactersPerSecond = 15.0
    public static let longestReading = 20.0

    /// Why the text scrolls although motion is reduced.
    public enum ScrollReason: Hashable, Sendable {
        /// The pointer is over the ticker.
        case hover
        /// `xmarquee ctl resume`.
        case request
    }

    public enum Page: Equatable, Sendable {
        case message(Int)
        /// An urgent message (`ctl say`), shown once before the next page.
        case urgent
    }

    /// The message on show (or the one the urgent message interrupted).
    public private(set) var index = 0
    /// Visible characters of each message.
    public private(set) var lengths: [Int] = []
    private var urgentLength: Int?
    /// When the page on show appeared (moved later by the time it was held or scrolled).
    public private(set) var shownSince: Double
    /// Seconds the page had been on show when it was held; nil while not held.
    private var heldAfter: Double?
    public private(set) var scrollReasons: Set<ScrollReason> = []

    public init(at time: Double) { shownSince = time }

    public static func readingTime(characters: Int) -> Double {
        min(longestReading, baseReading + Double(max(0, characters)) / charactersPerSecond)
    }

    public var page: Page { urgentLength != nil ? .urgent : .message(index) }
    public var isHeld: Bool { heldAfter != nil }
    /// False while something makes the text scroll.
    public var showsPages: Bool { scrollReasons.isEmpty }

    /// When the next page should appear; nil while nothing will change by itself (held,
    /// scrolling, or a single message on show).
    public var nextSwitch: Double? {
        guard heldAfter == nil, showsPages else { return nil }
        if let urgentLength { return shownSince + Self.readingTime(characters: urgentLength) }
        guard lengths.count > 1 else { return nil }
        return shownSince + Self.readingTime(characters: lengths[index])
    }

    /// New messages: the page on show stays (and keeps its time) while its number exists.
    public mutating func setMessages(lengths newLengths: [Int]) {
        lengths = newLengths
        if index >= lengths.count { index = 0 }
    }

    /// The next page (at its switch time): after an urgent message, the one it interrupted is
    /// passed over, as the scrolling text would have moved on meanwhile.
    public mutating func advance(at time: Double) {
        urgentLength = nil
        if !lengths.isEmpty { index = (index + 1) % lengths.count }
        shownSince = time
    }

    /// `ctl next`, the menu's Next message: the next page at once, with a full reading time from
    /// `time` (still held when it was).
    public mutating func skip(at time: Double) {
        advance(at: time)
        if heldAfter != nil { heldAfter = 0 }
    }

    /// `ctl say`: shown at once, standing still, for its own reading time.
    public mutating func showUrgent(characters: Int, at time: Double) {
        urgentLength = characters
        shownSince = time
        if heldAfter != nil { heldAfter = 0 }
    }

    /// Space, a click or `ctl pause`: the page stays until released; a request to scroll ends.
    public mutating func hold(at time: Double) {
        scrollReasons.remove(.request)
        guard heldAfter == nil else { return }
        heldAfter = time - shownSince
    }

    /// The page gets the rest of its reading time.
    public mutating func release(at time: Double) {
        guard let heldAfter else { return }
        shownSince = time - heldAfter
        self.heldAfter = nil
    }

    public mutating func startScrolling(_ reason: ScrollReason, at time: Double) {
        if reason == .request { release(at: time) }
        scrollReasons.insert(reason)
    }

    /// Back to pages: the page on show gets a full reading time.
    public mutating func stopScrolling(_ reason: ScrollReason, at time: Double) {
        guard scrollReasons.remove(reason) != nil, scrollReasons.isEmpty else { return }
        shownSince = time
        if heldAfter != nil { heldAfter = 0 }
    }
}

extension MessagePager {
    /// Shows message `index` (the one the reader was at when the text stopped scrolling).
    public mutating func show(messageAt index: Int) {
        self.index = lengths.indices.contains(index) ? index : 0
    }
}
