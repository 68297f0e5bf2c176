import Glibc
import MarqueeCore
import MarqueeIO

/// The accessibility bus, found as toolkits find it: the session bus's `org.a11y.Bus` gives its
/// address (`GetAddress`) when its launcher runs. Only then does the ticker join it as an
/// `AccessibleApplication`; a desktop without it (no session bus, no launcher: nobody would
/// listen) costs nothing and says nothing. Asking whether the launcher runs (NameHasOwner)
/// before asking it for the address keeps the ticker from starting one by activation.
public final class AccessibilityBus {
    private let session: BusConnection
    private var asking: BusSlot?
    private var bus: BusConnection?
    /// The ticker on the bus, once joined (announcements go nowhere before).
    public private(set) var application: AccessibleApplication?

    /// Looks for the bus on the session bus, or nil (quietly) where there is no session bus.
    /// `message` and `showing` describe the ticker when a reader asks.
    public static func join(on loop: EventLoop, name: String, version: String,
                            message: @escaping () -> String?, showing: @escaping () -> Bool) -> AccessibilityBus? {
        guard BusLibrary.sessionBusIsThere, let session = try? BusConnection.session() else { return nil }
        return AccessibilityBus(session: session, loop: loop) { bus throws(BusError) in
            try AccessibleApplication(bus: bus, name: name, version: version, message: message, showing: showing)
        }
    }

    private init(session: BusConnection, loop: EventLoop,
                 make: @escaping (BusConnection) throws(BusError) -> AccessibleApplication) {
        self.session = session
        session.attach(to: loop)
        asking = try? session.call("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "NameHasOwner",
                                   [.string("org.a11y.Bus")]) { [unowned self] reply in
            guard reply.arguments().first?.boolean == true else { return self.asking = nil }
            self.asking = try? self.session.call("org.a11y.Bus", "/org/a11y/bus", "org.a11y.Bus", "GetAddress") { [unowned self] reply in
                self.asking = nil
                guard reply.errorName == nil, let address = reply.arguments().first?.text, !address.isEmpty else { return }
                self.connect(address, loop: loop, make: make)
            }
        }
    }

    private func connect(_ address: String, loop: EventLoop, make: @escaping (BusConnection) throws(BusError) -> AccessibleApplication) {
        do {
            let bus = try BusConnection.at(address: address)
            bus.attach(to: loop)
            self.bus = bus
            // The application needs the connection's unique name, which sd-bus would wait for
            // (the bus's answer to Hello) if asked now: a call's answer comes after it, on the loop.
            asking = try bus.call("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "GetId") { [unowned self] reply in
                self.asking = nil
                guard reply.errorName == nil else { return self.failed(BusError("join the accessibility bus", -ECONNREFUSED)) }
                do throws(BusError) {
                    self.application = try make(bus)
                } catch {
                    self.failed(error)
                }
            }
        } catch {
            failed(error)
        }
    }

    /// The launcher runs but its bus will not have us: worth one line.
    private func failed(_ error: BusError) {
        if !error.alreadySaid { Diagnostics.warn("accessibility bus: \(error); a screen reader will not hear the ticker") }
    }
}
