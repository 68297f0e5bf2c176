import MarqueeCore
import MarqueeFormats
import MarqueeIO

/// `--notifications`: desktop notifications on the ticker, each until its timeout. When no
/// notification server owns `org.freedesktop.Notifications`, this is the server
/// (`NotificationServer`); when another does, it listens beside it through a monitor connection
/// (`NotificationMonitor`) and never takes the name while it is held: when that server goes,
/// what it was sent goes from the ticker with it, and this one becomes the server. Critical ones
/// go to `onUrgent` (shown once,
/// urgently) instead of the list. A flood costs a bounded list and one emit per 100 ms at most.
public final class NotificationSource: MessageSource {
    public enum Role: String, Sendable {
        case starting, server, monitor, unavailable
    }

    public let name = "notifications"
    private let bus: BusConnection
    private let lifecycle = SourceLifecycle(health: SourceHealth(subject: "notifications", keeping: "the notifications shown"))
    private let timer: DeadlineTimer
    private var timerWatch: EventLoop.Watch?
    private(set) var board = NotificationBoard()
    /// Emits are gathered: the next is due at this time (nil: none due).
    private var emitDue: Double?
    private var server: NotificationServer?
    private var monitor: NotificationMonitor?
    private var nameRequest: BusSlot?
    /// While a monitor: the bus's word that the other server left.
    private var serverWatch: BusSlot?
    private var loop: EventLoop?
    /// Which one it is (`ctl status`).
    public private(set) var role = Role.starting
    /// How many are on the ticker.
    public var shownCount: Int { board.shown.count }
    /// A critical notification's text: shown once, as an urgent message.
    public var onUrgent: ((String) -> Void)?
    /// What is at the ticker's reading edge now, looked at while notifications are shown to end
    /// each one's pass (see `NotificationBoard`); without it they go at their timeouts only.
    public var readingEdge: (() -> ReadingEdge)?
    /// How often the reading edge is looked at while notifications are shown.
    static let readingEdgeSeconds = 0.2
    /// Called when a notification goes, with the reason NotificationClosed gives (1 expired,
    /// 3 closed by a call, 4 undefined: pushed out by newer ones).
    var onClosed: ((UInt32, UInt32) -> Void)?

    static let gatherSeconds = 0.1

    public init(bus: BusConnection) throws(SourceError) {
        guard let timer = DeadlineTimer() else { throw .noTimer("notifications") }
        self.bus = bus
        self.timer = timer
    }

    public func start(on loop: EventLoop, emit: @escaping ([Message]) -> Void, outcome: @escaping (String?) -> Void) {
        lifecycle.start(on: loop, emit: emit, outcome: outcome)
        self.loop = loop
        bus.attach(to: loop)
        timerWatch = timer.wake(on: loop) { [unowned self] in self.timeUp() }
        claimName()
    }

    /// The server when the name is free, else a monitor beside whoever has it.
    private func claimName() {
        do {
            let server = try NotificationServer(bus: bus, source: self)
            self.server = server
            nameRequest = try bus.requestName(NotificationServer.busName) { [unowned self] owned in
                self.nameRequest = nil
                if owned { self.becameServer() } else if let loop = self.loop { self.listenBeside(loop: loop) }
            }
        } catch {
            role = .unavailable
            lifecycle.failed(error.description)
        }
    }

    public func stop() {
        timerWatch = nil
        nameRequest = nil
        serverWatch = nil
        loop = nil
        server = nil
        monitor = nil
        lifecycle.stop()
    }

    private func becameServer() {
        serverWatch = nil
        role = .server
        onClosed = { [unowned self] id, reason in self.server?.closed(id, reason: reason) }
        lifecycle.succeeded()
    }

    /// Another server owns the name: a monitor connection sees its Notify calls.
    private func listenBeside(loop: EventLoop) {
        server = nil
        guard let address = bus.address else {
            role = .unavailable
            return lifecycle.failed("no address for a monitor connection")
        }
        do {
            monitor = try NotificationMonitor(address: address, loop: loop, source: self) { [unowned self] failure in
                self.role = .unavailable
                self.monitor = nil
                self.lifecycle.failed(failure)
            }
            role = .monitor
            // The bus itself is the sender: sd-bus compares it to the message's, which only the bus sets.
            serverWatch = try bus.match("type='signal',sender='org.freedesktop.DBus',interface='org.freedesktop.DBus',member='NameOwnerChanged',arg0='\(NotificationServer.busName)'") { [unowned self] signal in
                let arguments = signal.arguments()
                guard arguments.count == 3, arguments[2].text == "" else { return }
                self.serverLeft()
            }
            lifecycle.succeeded()
        } catch {
            role = .unavailable
            lifecycle.failed(error.description)
        }
    }

    /// The server beside which this one listened has gone: the notifications it was sent go
    /// with it, at once, and this one takes the name.
    private func serverLeft() {
        // Its match stays registered (it is running this): the role says it is done with.
        guard role == .monitor else { return }
        monitor = nil
        board = NotificationBoard()
        emitDue = nil
        lifecycle.emit([])
        rearm()
        role = .starting
        claimName()
    }

    // MARK: What servers and monitors bring

    /// A notification to show; its id.
    func show(_ request: NotificationRequest) -> UInt32 {
        let now = MonotonicClock.now()
        let (id, evicted) = board.add(request, at: now)
        for gone in evicted { onClosed?(gone, 4) }
        if request.urgency == .critical { onUrgent?(request.text) }
        scheduleEmit(at: now)
        return id
    }

    /// Closes one by its id (CloseNotification); whether it was shown.
    func close(_ id: UInt32) -> Bool {
        guard board.close(id) else { return false }
        onClosed?(id, 3)
        scheduleEmit(at: MonotonicClock.now())
        return true
    }

    // MARK: Timing

    private func scheduleEmit(at now: Double) {
        guard emitDue == nil else { return }
        emitDue = now + Self.gatherSeconds
        rearm()
    }

    private func timeUp() {
        let now = MonotonicClock.now()
        // Passes that ended first, so one that left the edge as its time came goes now.
        let expired = (readingEdge.map { board.readingEdge(is: $0()) } ?? []) + board.expire(at: now)
        for id in expired { onClosed?(id, 1) }
        // Due after a gathering pause, or at once when one went (it must leave the ticker).
        if emitDue.map({ $0 <= now }) == true || !expired.isEmpty {
            emitDue = nil
            lifecycle.emit(board.shown.map { Message.data($0) })
        }
        rearm()
    }

    private func rearm() {
        let look = readingEdge != nil && !board.entries.isEmpty ? MonotonicClock.now() + Self.readingEdgeSeconds : nil
        let next = [emitDue, board.nextDeadline, look].compactMap { $0 }.min()
        if let next { timer.arm(at: next) } else { timer.disarm() }
    }
}
