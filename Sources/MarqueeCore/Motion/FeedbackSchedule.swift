/// When a committed frame asks the compositor for presentation feedback. Each answer is three
/// events (`presented`, `sync_output`, `delete_id`), and where frames are queued through a fifo it
/// comes apart from the batch's frame callback: a wake-up of its own. So feedback is asked for
/// only as often as the frame clock needs it: with every frame until the period is known (the
/// compositor said it, or consecutive presentations measured it: `PresentationClock.knowsPeriod`),
/// then once a second with frames one a callback and every ten seconds with frames queued, and
/// once a second at most while the grid is doubted (a queued batch's callback came off it:
/// `PresentationClock.strays`) — a loaded compositor late batch after batch then costs what a
/// second's interval does, never a feedback a batch. Pure: times are seconds, given by the caller.
public struct FeedbackSchedule: Sendable {
    /// Between two feedback requests once the period is known: frames one a callback (whose
    /// answers come with the callback's), and doubted frames queued.
    static let interval = 1.0
    /// Between two feedback requests while frames are queued and the grid holds: a period known
    /// to the nanosecond drifts a microsecond in ten seconds.
    static let queuedInterval = 10.0

    private var lastAsked = -Double.infinity
    private var doubted = false

    public init() {}

    /// Whether the frame committed at `now` asks for feedback (and if so, that it was asked):
    /// `queued`, a frame queued through a fifo; `periodKnown`, the clock's period settled.
    public mutating func asks(at now: Double, queued: Bool, periodKnown: Bool) -> Bool {
        let wait = !periodKnown ? 0 : queued && !doubted ? Self.queuedInterval : Self.interval
        guard now - lastAsked >= wait else { return false }
        lastAsked = now
        doubted = false
        return true
    }

    /// The grid may no longer be the compositor's: the next feedback comes a second after the
    /// last at most.
    public mutating func doubt() { doubted = true }
}
