import Glibc
import MarqueeIO

/// Sends notifications to the desktop's notification server (`org.freedesktop.Notifications`
/// on the session bus), as a desktop launch tells of an error in the settings. Never to itself:
/// with `--notifications` the ticker may own that name, and then the bar is the only place the
/// text would reach, where it already is; so each notification first asks who owns the name
/// (`GetConnectionUnixProcessID`) and is dropped when it is this very process.
public final class DesktopNotifier {
    /// The unique names our notifications were sent from: the ticker's own server or monitor
    /// (`--notifications`) leaves them off the bar, which has the text already (the owner of
    /// the name may change between the question and the notification, and a monitor sees what
    /// goes to another server).
    nonisolated(unsafe) private static var senders: Set<String> = []
    private let bus: BusConnection
    /// A click on one of our notifications' actions, with its key ("default": the notification
    /// itself).
    public var onAction: ((String) -> Void)?
    /// The ids the server gave our notifications: only theirs are acted on.
    private var sent: Set<Int64> = []
    /// The server's ActionInvoked signals, listened to from the first notification with actions.
    private var actionWatch: BusSlot?
    /// The calls on their way, each let go when its reply comes (letting go cancels a call).
    private var calls: [Int: BusSlot] = [:]
    private var nextCall = 0

    /// Nil without a session bus (said nowhere: the text went to the bar and the journal).
    public init?(loop: EventLoop) {
        guard let bus = try? BusConnection.session() else { return nil }
        self.bus = bus
        bus.attach(to: loop)
    }

    /// `summary` and `body` as plain text; a critical one stays until the user closes it on
    /// most servers. `actions` (key, label) are offered on it, `onAction` told when one is
    /// chosen. `done` runs once it has gone (or was not sent).
    public func notify(summary: String, body: String, critical: Bool, actions: [(key: String, label: String)] = [],
                       done: @escaping () -> Void = {}) {
        if !actions.isEmpty { listenForActions() }
        let arguments: [BusArgument] = [
            .string("xmarquee"), .uint32(0), .string("xmarquee"), .string(summary), .string(body),
            .strings(actions.flatMap { [$0.key, $0.label] }),
            .array(element: "{sv}", [
                .structure(signature: "sv", [.string("urgency"), .variant(signature: "y", .byte(critical ? 2 : 1))], dictEntry: true),
                .structure(signature: "sv", [.string("desktop-entry"), .variant(signature: "s", .string("xmarquee"))], dictEntry: true),
            ]),
            .int32(-1),
        ]
        call("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "GetConnectionUnixProcessID",
             [.string(Self.serverName)]) { [weak self] owner in
            // No owner: the calls below may still start one (D-Bus activation).
            if owner.errorName == nil, owner.arguments().first?.integer == Int64(getpid()) { return done() }
            // A server that reads markup in the body needs its special characters as entities;
            // one that does not would show the entities.
            self?.call(Self.serverName, "/org/freedesktop/Notifications", Self.serverName, "GetCapabilities", []) { [weak self] reply in
                let markup = reply.arguments().first?.texts?.contains("body-markup") ?? false
                var arguments = arguments
                if markup { arguments[4] = .string(Self.escaped(body)) }
                if let name = self?.bus.uniqueName { Self.senders.insert(name) }
                self?.call(Self.serverName, "/org/freedesktop/Notifications", Self.serverName, "Notify", arguments) { [weak self] reply in
                    if let id = reply.arguments().first?.integer { self?.sent.insert(id) }
                    done()
                }
            }
        }
    }

    static let serverName = "org.freedesktop.Notifications"

    /// For a process about to end: sends on a loop of its own and waits for the server's answer,
    /// at most `timeout` seconds (the ticker's loop will not turn again).
    public static func notifyAndWait(summary: String, body: String, critical: Bool, timeout: Double = 1) {
        let loop = EventLoop()
        guard let timer = DeadlineTimer(), let notifier = DesktopNotifier(loop: loop) else { return }
        let deadline = timer.wake(on: loop) { loop.stop(status: 0) }
        timer.arm(at: MonotonicClock.now() + timeout)
        notifier.notify(summary: summary, body: body, critical: critical) { loop.stop(status: 0) }
        _ = withExtendedLifetime((notifier, deadline)) { loop.run() }
    }

    /// Whether a Notify call came from this process's notifier.
    static func sentByUs(_ message: BusMessage) -> Bool {
        message.sender.map { senders.contains($0) } ?? false
    }

    /// ActionInvoked(id, key) from whoever owns the server's name (the bus checks the sender).
    private func listenForActions() {
        guard actionWatch == nil else { return }
        let rule = "type='signal',sender='\(Self.serverName)',interface='\(Self.serverName)',member='ActionInvoked'"
        actionWatch = try? bus.match(rule) { [weak self] signal in
            let arguments = signal.arguments()
            guard let self, arguments.count == 2, let id = arguments[0].integer, self.sent.contains(id),
                  let key = arguments[1].text else { return }
            self.onAction?(key)
        }
    }

    /// Calls `member`, keeping the call until its reply (or its error) comes to `then`.
    private func call(_ destination: String, _ path: String, _ interface: String, _ member: String,
                      _ arguments: [BusArgument], then: @escaping (BusMessage) -> Void) {
        nextCall += 1
        let id = nextCall
        do {
            calls[id] = try bus.call(destination, path, interface, member, arguments, timeout: 10) { [weak self] reply in
                self?.calls[id] = nil
                then(reply)
            }
        } catch {
            Diagnostics.note("no desktop notification: \(error)")
        }
    }

    /// The body may be read as markup (`body-markup`): its three special characters as entities.
    static func escaped(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
