import MarqueeCore

/// Anything that puts messages on the ticker: the arguments, the watched file, standard input,
/// the clock, schedules, feeds and commands all have this one shape and one lifecycle.
///
/// A source is made (whatever can fail at once — a missing file, no timer descriptor — fails
/// there), then started on the loop, where it calls `emit` with its whole list of messages each
/// time that list may have changed (the board ignores a list that did not), and `outcome` after
/// each attempt to get them: nil when it worked, else the reason (`ctl status`). `stop()` ends
/// everything it started — timers disarmed, descriptors unwatched, children killed — and nothing
/// is called after it. A source also stops when it is released. `SourceLifecycle` does this
/// part for every source, and `SourceHealth` tells its failures and recoveries alike.
public protocol MessageSource: AnyObject {
    /// The source's name on the message board and in `ctl status` ("clock", "feed 0: URL").
    var name: String { get }
    /// Whether `ctl status` lists how it fares: the live sources (clock, schedule, feeds,
    /// commands) do; the arguments, the file and standard input do not.
    var showsInStatus: Bool { get }
    func start(on loop: EventLoop, emit: @escaping ([Message]) -> Void, outcome: @escaping (_ failure: String?) -> Void)
    func stop()
}

extension MessageSource {
    public var showsInStatus: Bool { true }

    /// Starts it where only the messages matter (the tests).
    public func start(on loop: EventLoop, emit: @escaping ([Message]) -> Void) {
        start(on: loop, emit: emit, outcome: { _ in })
    }
}
