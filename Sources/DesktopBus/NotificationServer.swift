import MarqueeFormats

/// The `org.freedesktop.Notifications` object when the ticker owns the name: `Notify`,
/// `CloseNotification`, `GetCapabilities`, `GetServerInformation`, and `NotificationClosed`
/// with its reason when one goes. Arguments of the wrong types get an InvalidArgs error.
final class NotificationServer {
    static let busName = "org.freedesktop.Notifications"
    static let path = "/org/freedesktop/Notifications"
    private let bus: BusConnection
    private var object: BusSlot?
    private unowned let source: NotificationSource

    init(bus: BusConnection, source: NotificationSource) throws(BusError) {
        self.bus = bus
        self.source = source
        object = try bus.object(Self.path) { [unowned self] call in self.handle(call) }
    }

    private func handle(_ call: BusMessage) -> Bool {
        guard call.isMethodCall, call.interface == nil || call.interface == Self.busName else { return false }
        switch call.member {
        case "Notify":
            guard let request = NotificationRequest(arguments: call.arguments()) else { return invalid(call) }
            // Our own problem report: the bar has it already.
            let id = DesktopNotifier.sentByUs(call) ? 0 : source.show(request)
            try? bus.reply(to: call, [.uint32(id)])
        case "CloseNotification":
            guard let id = call.arguments().first?.integer else { return invalid(call) }
            _ = source.close(UInt32(clamping: id))
            try? bus.reply(to: call)
        case "GetCapabilities":
            // Markup is read (and reduced to plain text); no actions, icons or sounds.
            try? bus.reply(to: call, [.strings(["body", "body-markup"])])
        case "GetServerInformation":
            try? bus.reply(to: call, [.string("xmarquee"), .string("xmarquee"), .string("0.1.0"), .string("1.2")])
        default:
            return false
        }
        return true
    }

    private func invalid(_ call: BusMessage) -> Bool {
        bus.replyError(to: call, name: "org.freedesktop.DBus.Error.InvalidArgs", message: "unexpected arguments")
        return true
    }

    /// `NotificationClosed(id, reason)`.
    func closed(_ id: UInt32, reason: UInt32) {
        try? bus.emit(Self.path, Self.busName, "NotificationClosed", [.uint32(id), .uint32(reason)])
    }
}
