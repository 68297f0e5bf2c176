/// What a screen reader is to say, oldest first, until the driver takes it
/// (`MarqueePlayer.takeAnnouncements`).
public struct AnnouncementQueue: Equatable, Sendable {
    /// At most this many wait to be taken: a flood of urgent messages keeps the newest.
    static let limit = 8

    public private(set) var pending: [Announcement] = []

    public init() {}

    mutating func add(_ announcement: Announcement) {
        if pending.count >= Self.limit { pending.removeFirst() }
        pending.append(announcement)
    }

    /// The announcements added since the last call, oldest first.
    mutating func take() -> [Announcement] {
        defer { pending.removeAll() }
        return pending
    }
}
