import CSystemdBus
import Glibc
import MarqueeCore
import MarqueeIO

/// One connection to a D-Bus bus (the session bus, the accessibility bus, a monitor's), driven
/// by the ticker's one event loop: its descriptor is watched for what sd-bus wants
/// (`sd_bus_get_events`), its timeout is a timer (`sd_bus_get_timeout`), and `sd_bus_process`
/// runs a bounded number of messages per wakeup so a flood never holds a frame back. It owns
/// the `sd_bus` and frees it; everything registered on it is a `BusSlot` its holder keeps.
public final class BusConnection {
    private var bus: OpaquePointer?
    private var loop: EventLoop?
    private var watch: EventLoop.Watch?
    private var watchedEvents: Int16 = 0
    private let timer: DeadlineTimer
    private var timerWatch: EventLoop.Watch?
    /// Messages handled per wakeup at most: the rest waits for the next turn of the loop.
    static let messagesPerTurn = 16
    /// Called once when the bus goes away (the daemon quit, the connection broke).
    public var onLost: (() -> Void)?

    /// The user's session bus (`DBUS_SESSION_BUS_ADDRESS`, else the user bus socket). Where
    /// neither is there it throws before libsystemd is loaded.
    public static func session() throws(BusError) -> BusConnection {
        guard BusLibrary.sessionBusIsThere else { throw BusError("no session bus (DBUS_SESSION_BUS_ADDRESS is not set)", -ENOENT) }
        try BusLibrary.load()
        var bus: OpaquePointer?
        try BusError.check(sd_bus_open_user(&bus), "connect to the session bus")
        return try BusConnection(bus)
    }

    /// A bus at `address` (the accessibility bus, a second connection to the session bus for a
    /// monitor), as a client (Hello sent).
    public static func at(address: String) throws(BusError) -> BusConnection {
        try BusLibrary.load()
        var bus: OpaquePointer?
        try BusError.check(sd_bus_new(&bus), "create a bus connection")
        do {
            try BusError.check(sd_bus_set_address(bus, address), "bus address")
            try BusError.check(sd_bus_set_bus_client(bus, 1), "bus client")
            try BusError.check(sd_bus_start(bus), "connect to \(address.prefix(100))")
        } catch {
            sd_bus_unref(bus)
            throw error
        }
        return try BusConnection(bus)
    }

    private init(_ bus: OpaquePointer?) throws(BusError) {
        guard let timer = DeadlineTimer() else {
            sd_bus_unref(bus)
            throw BusError("create a timer", -ENOMEM)
        }
        self.bus = bus
        self.timer = timer
    }

    deinit {
        watch = nil
        timerWatch = nil
        // Sends what is queued (a NotificationClosed, a reply) before closing.
        sd_bus_flush_close_unref(bus)
    }

    public var isConnected: Bool { bus != nil }

    /// This connection's unique name (":1.42").
    public var uniqueName: String? {
        var name: UnsafePointer<CChar>?
        guard let bus, sd_bus_get_unique_name(bus, &name) >= 0, let name else { return nil }
        return String(cString: name)
    }

    /// The session bus's address, for a second connection to it (a monitor).
    public var address: String? {
        var address: UnsafePointer<CChar>?
        guard let bus, sd_bus_get_address(bus, &address) >= 0, let address else { return nil }
        return String(cString: address)
    }

    /// Starts dispatching on `loop` (again: nothing changes).
    public func attach(to loop: EventLoop) {
        guard self.loop == nil else { return }
        self.loop = loop
        timerWatch = timer.wake(on: loop) { [unowned self] in self.dispatch() }
        rearm()
    }

    // MARK: Dispatch

    private func dispatch() {
        guard let bus else { return }
        for _ in 0..<Self.messagesPerTurn {
            let result = sd_bus_process(bus, nil)
            if result < 0 { return lose(BusError("read the bus", result)) }
            if result == 0 { break }
        }
        rearm()
    }

    /// Watches the descriptor for what sd-bus waits for now, and arms the timer for its timeout
    /// (at once when messages are still queued). Called after each dispatch and each send.
    private func rearm() {
        guard let bus, let loop else { return }
        let fd = sd_bus_get_fd(bus)
        let events = Int16(truncatingIfNeeded: sd_bus_get_events(bus))
        if events != watchedEvents || watch == nil {
            watchedEvents = events
            watch = loop.watching(fd, events: events) { [unowned self] _ in self.dispatch() }
        }
        var deadline: UInt64 = 0
        if sd_bus_get_timeout(bus, &deadline) >= 0, deadline != UInt64.max {
            timer.arm(at: Double(deadline) / 1e6)
        } else {
            timer.disarm()
        }
    }

    private func lose(_ error: BusError) {
        watch = nil
        timerWatch = nil
        sd_bus_flush_close_unref(bus)
        bus = nil
        let lost = onLost
        onLost = nil
        lost?()
    }

    // MARK: Calls, replies and signals

    /// Calls `member` and hands its reply (or error reply) to `reply`; the call is cancelled when
    /// the returned slot is let go. `timeout` in seconds.
    public func call(_ destination: String, _ path: String, _ interface: String, _ member: String,
                     _ arguments: [BusArgument] = [], timeout: Double = 5,
                     reply: @escaping (BusMessage) -> Void) throws(BusError) -> BusSlot {
        let message = try newCall(destination, path, interface, member, arguments)
        defer { sd_bus_message_unref(message) }
        let slot = BusSlot { reply($0); return 1 }
        try BusError.check(sd_bus_call_async(bus, &slot.slot, message, BusSlot.trampoline, slot.userdata, UInt64(timeout * 1e6)),
                           "call \(member)")
        rearm()
        return slot
    }

    /// Calls `member` without waiting for any reply.
    public func send(_ destination: String?, _ path: String, _ interface: String, _ member: String,
                     _ arguments: [BusArgument] = []) throws(BusError) {
        let message = try newCall(destination, path, interface, member, arguments)
        defer { sd_bus_message_unref(message) }
        sd_bus_message_set_expect_reply(message, 0)
        try BusError.check(sd_bus_send(bus, message, nil), "send \(member)")
        rearm()
    }

    private func newCall(_ destination: String?, _ path: String, _ interface: String, _ member: String,
                         _ arguments: [BusArgument]) throws(BusError) -> OpaquePointer {
        guard let bus else { throw BusError("call \(member)", -ENOTCONN) }
        var message: OpaquePointer?
        try BusError.check(sd_bus_message_new_method_call(bus, &message, destination, path, interface, member), "call \(member)")
        guard let message else { throw BusError("call \(member)", -ENOMEM) }
        do {
            for argument in arguments { try argument.append(to: message.self) }
        } catch {
            sd_bus_message_unref(message)
            throw error
        }
        return message
    }

    /// Answers the method call `call` with `arguments`.
    public func reply(to call: BusMessage, _ arguments: [BusArgument] = []) throws(BusError) {
        var message: OpaquePointer?
        try BusError.check(sd_bus_message_new_method_return(call.pointer, &message), "reply")
        defer { sd_bus_message_unref(message) }
        for argument in arguments { try argument.append(to: message!) }
        try BusError.check(sd_bus_send(bus, message, nil), "send a reply")
        rearm()
    }

    /// Answers the method call `call` with an error.
    public func replyError(to call: BusMessage, name: String, message text: String) {
        name.withCString { name in
            text.withCString { text in
                var error = sd_bus_error(name: name, message: text, _need_free: 0)
                _ = sd_bus_reply_method_error(call.pointer, &error)
            }
        }
        rearm()
    }

    /// Emits a signal from `path`.
    public func emit(_ path: String, _ interface: String, _ member: String, _ arguments: [BusArgument],
                     destination: String? = nil) throws(BusError) {
        guard let bus else { throw BusError("emit \(member)", -ENOTCONN) }
        var message: OpaquePointer?
        try BusError.check(sd_bus_message_new_signal(bus, &message, path, interface, member), "emit \(member)")
        defer { sd_bus_message_unref(message) }
        if let destination { sd_bus_message_set_destination(message, destination) }
        for argument in arguments { try argument.append(to: message!) }
        try BusError.check(sd_bus_send(bus, message, nil), "emit \(member)")
        rearm()
    }

    // MARK: Handlers

    /// Calls `handler` for each signal matching the rule `match` (D-Bus match syntax).
    public func match(_ match: String, _ handler: @escaping (BusMessage) -> Void) throws(BusError) -> BusSlot {
        let slot = BusSlot { handler($0); return 0 }
        try BusError.check(sd_bus_add_match(bus, &slot.slot, match, BusSlot.trampoline, slot.userdata), "add match \(match)")
        rearm()
        return slot
    }

    /// Calls `handler` for each method call to `path` (and below it, with `subtree`); it returns
    /// whether it answered (an unanswered call gets sd-bus's UnknownMethod error).
    public func object(_ path: String, subtree: Bool = false, _ handler: @escaping (BusMessage) -> Bool) throws(BusError) -> BusSlot {
        let slot = BusSlot { handler($0) ? 1 : 0 }
        let result = subtree ? sd_bus_add_fallback(bus, &slot.slot, path, BusSlot.trampoline, slot.userdata)
            : sd_bus_add_object(bus, &slot.slot, path, BusSlot.trampoline, slot.userdata)
        try BusError.check(result, "add object \(path)")
        return slot
    }

    /// Calls `handler` for every message that arrives, before anything else sees it (a monitor's
    /// copies of other peers' traffic).
    public func filter(_ handler: @escaping (BusMessage) -> Void) throws(BusError) -> BusSlot {
        let slot = BusSlot { handler($0); return 1 }
        try BusError.check(sd_bus_add_filter(bus, &slot.slot, BusSlot.trampoline, slot.userdata), "add filter")
        return slot
    }

    /// Asks for the well-known `name` without queueing or replacing anyone: `done(true)` when
    /// this connection owns it, `done(false)` when another does.
    public func requestName(_ name: String, _ done: @escaping (Bool) -> Void) throws(BusError) -> BusSlot {
        // RequestName's answer: 1 primary owner, 4 already the owner; 3 another owns it.
        let slot = BusSlot { reply in
            let code = reply.errorName == nil ? reply.arguments().first?.integer : nil
            done(code == 1 || code == 4)
            return 1
        }
        try BusError.check(sd_bus_request_name_async(bus, &slot.slot, name, 0, BusSlot.trampoline, slot.userdata),
                           "request \(name)")
        rearm()
        return slot
    }
}
