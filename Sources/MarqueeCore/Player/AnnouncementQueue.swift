/// What a screen reader is to say, oldest first, until the driver takes it
/// (`MarqueePlayer.takeAnnouncements`).
public struct AnnouncementQueue: Equatable, Sendable {
    /// At most this many wait to be taken: a flood of urgent messages keeps the newest.
    static let limit = 8

    public private(set) var pending: [Announcement] = []
    /// The stop (its strip position) whose message was said as it began to stand: a stand
    /// planned again (a batch re-planned, a content update) is said once.
    private var stand: Int?
    private var lastStandText: String?

    public init() {}

    mutating func add(_ announcement: Announcement) {
        if pending.count >= Self.limit { pending.removeFirst() }
        pending.append(announcement)
    }

    /// The text stands at strip position `position` (nil: it moves): `text` is said when a new
    /// stand begins. A message that stands alone again and again is said once until it changes.
    mutating func stand(at position: Int?, text: () -> String? = { nil }) {
        guard position != stand else { return }
        stand = position
        guard position != nil, let said = text(), !said.isEmpty, said != lastStandText else { return }
        lastStandText = said
        add(Announcement(text: said))
    }

    /// The announcements added since the last call, oldest first.
    mutating func take() -> [Announcement] {
        defer { pending.removeAll() }
        return pending
    }
}
