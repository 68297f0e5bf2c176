import MarqueeFormats
import MarqueeIO

/// Notifications seen beside another server: a second connection to the session bus that
/// becomes a monitor (`BecomeMonitor`) for `Notify` calls only. A monitor may not send anything
/// once it is one, so every message it gets is taken by its filter and never answered.
final class NotificationMonitor {
    private let bus: BusConnection
    private var filter: BusSlot?
    private var becoming: BusSlot?

    init(address: String, loop: EventLoop, source: NotificationSource, failed: @escaping (String) -> Void) throws(BusError) {
        bus = try BusConnection.at(address: address)
        bus.attach(to: loop)
        bus.onLost = { failed("the monitor connection closed") }
        filter = try bus.filter { [unowned source] message in
            guard message.isMethodCall, message.interface == NotificationServer.busName, message.member == "Notify",
                  !DesktopNotifier.sentByUs(message), let request = NotificationRequest(arguments: message.arguments()) else { return }
            _ = source.show(request)
        }
        let rule = "type='method_call',interface='\(NotificationServer.busName)',member='Notify'"
        becoming = try bus.call("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus.Monitoring", "BecomeMonitor",
                                [.strings([rule]), .uint32(0)]) { [unowned self] reply in
            self.becoming = nil
            if let error = reply.errorName { failed("BecomeMonitor: \(error)") }
        }
    }
}
