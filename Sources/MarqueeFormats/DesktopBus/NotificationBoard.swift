/// The notifications on show, by id: what the notification source emits. Each stays until its
/// timeout or for one pass, whichever ends first: a long timeout (or none) does not keep it
/// cycling once it has been read, and a short one does not cut it while it is being read: one at
/// the reading edge when its time is up goes when it has left it (at most `readingGraceSeconds`
/// later: a paused or still ticker never moves it on). The ticker's only message goes at its
/// timeout: it never leaves the edge. One pass ends when the text has
/// been at the reading edge and another is there now (it has scrolled off whole, or its page
/// turned). Bounded: past `capacity` the oldest goes (as if expired), so a flood of them costs a
/// fixed amount. Ids count up from 1 and are never 0 (the spec's "no notification").
public struct NotificationBoard: Sendable {
    public struct Entry: Equatable, Sendable {
        public let id: UInt32
        public var request: NotificationRequest
        /// Monotonic seconds it goes at; nil: until closed.
        public var deadline: Double?
        /// At the reading edge when last looked: its pass has begun.
        public var atReadingEdge = false
    }

    /// Seconds a notification stays when its sender leaves it to the server (-1).
    public static let defaultSeconds = 10.0
    /// Seconds for one that asks never to expire (0): a ticker has no place to dismiss it.
    public static let longestSeconds = 600.0
    /// Seconds one being read at its timeout may stay to finish its pass.
    public static let readingGraceSeconds = 30.0

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
            entries[index].atReadingEdge = false
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

    /// Removes those whose time is up, but not one being read (at the reading edge); their ids.
    public mutating func expire(at now: Double) -> [UInt32] {
        let isDue = { (entry: Entry) in Self.end(of: entry) <= now }
        let gone = entries.filter(isDue).map(\.id)
        entries.removeAll(where: isDue)
        return gone
    }

    /// What is at the reading edge now: marks the notification there as being read and removes
    /// those that were and no longer are (their pass ended); their ids. The ticker's only message
    /// is never being read in this sense: it cannot leave the edge, so its timeout ends it.
    public mutating func readingEdge(is edge: ReadingEdge) -> [UInt32] {
        var passed: [UInt32] = []
        for index in entries.indices {
            let there = edge.text.map { !$0.isEmpty && entries[index].request.text.hasPrefix($0) } ?? false
            if entries[index].atReadingEdge && !there { passed.append(entries[index].id) }
            entries[index].atReadingEdge = there && !edge.isOnlyMessage
        }
        entries.removeAll { passed.contains($0.id) }
        return passed
    }

    /// The next timeout to wake for (one being read waits for its pass to end instead).
    public var nextDeadline: Double? { entries.map(Self.end).filter(\.isFinite).min() }

    /// When it goes if its pass does not end it first.
    private static func end(of entry: Entry) -> Double {
        (entry.deadline ?? .infinity) + (entry.atReadingEdge ? readingGraceSeconds : 0)
    }

    /// The texts on the ticker: critical ones are shown once, urgently, not in the list.
    public var shown: [String] { entries.filter { $0.request.urgency != .critical }.map(\.request.text).filter { !$0.isEmpty } }
}
