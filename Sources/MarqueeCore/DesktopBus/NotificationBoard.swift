/// The notifications on show, by id, each until its deadline: what the notification source
/// emits. Bounded: past `capacity` the oldest goes (as if expired), so a flood of them costs a
/// fixed amount. Ids count up from 1 and are never 0 (the spec's "no notification").
public struct NotificationBoard: Sendable {
    public struct Entry: Equatable, Sendable {
        public let id: UInt32
        public var request: NotificationRequest
        /// Monotonic seconds it goes at; nil: until closed.
        public var deadline: Double?
    }

    /// Seconds a notification stays when its sender leaves it to the server (-1).
    public static let defaultSeconds = 10.0
    /// Seconds for one that asks never to expire (0): a ticker has no place to dismiss it.
    public static let longestSeconds = 600.0

    public let capacity: Int
    public private(set) var entries: [Entry] = []
    private var lastID: UInt32 = 0

    public init(capacity: Int = 16) {
        self.capacity = capacity
    }

    /// Shows `request` (replacing the one it names, if still shown); its id, and the ids pushed
    /// out to make room.
    public mutating func add(_ request: NotificationRequest, at now: Double) -> (id: UInt32, evicted: [UInt32]) {
        let milliseconds = request.expireTimeout
        let seconds = milliseconds < 0 ? Self.defaultSeconds : milliseconds == 0 ? Self.longestSeconds
            : min(Double(milliseconds) / 1000, Self.longestSeconds)
        let deadline = now + seconds
        if request.replacesID != 0, let index = entries.firstIndex(where: { $0.id == request.replacesID }) {
            entries[index].request = request
            entries[index].deadline = deadline
            return (request.replacesID, [])
        }
        lastID = lastID == UInt32.max ? 1 : lastID + 1
        entries.append(Entry(id: lastID, request: request, deadline: deadline))
        var evicted: [UInt32] = []
        while entries.count > capacity { evicted.append(entries.removeFirst().id) }
        return (lastID, evicted)
    }

    /// Removes one; whether it was there.
    public mutating func close(_ id: UInt32) -> Bool {
        guard let index = entries.firstIndex(where: { $0.id == id }) else { return false }
        entries.remove(at: index)
        return true
    }

    /// Removes those whose time is up; their ids.
    public mutating func expire(at now: Double) -> [UInt32] {
        let gone = entries.filter { ($0.deadline ?? .infinity) <= now }.map(\.id)
        entries.removeAll { ($0.deadline ?? .infinity) <= now }
        return gone
    }

    public var nextDeadline: Double? { entries.compactMap(\.deadline).min() }

    /// The texts on the ticker: critical ones are shown once, urgently, not in the list.
    public var shown: [String] { entries.filter { $0.request.urgency != .critical }.map(\.request.text).filter { !$0.isEmpty } }
}
