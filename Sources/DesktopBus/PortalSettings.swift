import MarqueeFormats
import MarqueeIO

/// The desktop's settings as `org.freedesktop.portal.Settings` gives them (xdg-desktop-portal,
/// on GNOME, KDE, wlroots desktops…): read once (`ReadAll`) and followed (`SettingChanged`).
/// Only what the ticker uses is kept: whether animations are on, the preferred colour scheme.
/// Where there is no session bus or no portal it is silent and every value stays nil.
///
/// Any client on the session bus can emit a signal named `SettingChanged`: only the one from the
/// portal's unique name — the sender of the `ReadAll` reply, then whoever the bus says took the
/// portal's name (`NameOwnerChanged`) — is believed. A portal that leaves takes its values with
/// it (the ticker's own defaults again); one that comes, or comes back, is read whole.
public final class PortalSettings {
    static let destination = "org.freedesktop.portal.Desktop"
    static let path = "/org/freedesktop/portal/desktop"
    static let interface = "org.freedesktop.portal.Settings"

    private let bus: BusConnection
    private var matches: [BusSlot] = []
    private var reading: BusSlot?
    /// The unique name of the portal's owner; nil until it has answered, and while there is none.
    private var owner: String?
    /// `org.gnome.desktop.interface enable-animations`; nil until the portal says.
    public private(set) var animations: Bool?
    /// `org.freedesktop.appearance color-scheme`; nil until the portal says.
    public private(set) var colorScheme: PortalSetting.ColorScheme?
    /// Called after a setting the ticker uses changed.
    public var onChange: (() -> Void)?

    /// Follows the portal on the session bus, or nil (quietly) where there is no session bus.
    public static func follow(on loop: EventLoop) -> PortalSettings? {
        guard BusLibrary.sessionBusIsThere, let bus = try? BusConnection.session() else { return nil }
        return PortalSettings(bus: bus, loop: loop)
    }

    init(bus: BusConnection, loop: EventLoop) {
        self.bus = bus
        bus.attach(to: loop)
        if let changed = try? bus.match("type='signal',path='\(Self.path)',interface='\(Self.interface)',member='SettingChanged'", { [unowned self] signal in
            guard let sender = signal.sender, sender == self.owner else { return }
            let arguments = signal.arguments()
            guard arguments.count == 3, let namespace = arguments[0].text, let key = arguments[1].text,
                  let setting = PortalSetting(namespace: namespace, key: key, value: arguments[2]) else { return }
            self.apply([setting])
        }) { matches.append(changed) }
        // The bus itself is the sender: sd-bus compares it to the message's, which only the bus sets.
        if let owners = try? bus.match("type='signal',sender='org.freedesktop.DBus',interface='org.freedesktop.DBus',member='NameOwnerChanged',arg0='\(Self.destination)'", { [unowned self] signal in
            let arguments = signal.arguments()
            guard arguments.count == 3, arguments[0].text == Self.destination, let new = arguments[2].text else { return }
            self.ownerChanged(to: new)
        }) { matches.append(owners) }
        readAll()
    }

    /// The portal left (its values go with it), or another process took its name (read it whole).
    private func ownerChanged(to new: String) {
        owner = nil
        reading = nil
        forget()
        if !new.isEmpty { readAll() }
    }

    /// No portal: an error reply (or none within the timeout), and nothing changes.
    private func readAll() {
        reading = try? bus.call(Self.destination, Self.path, Self.interface, "ReadAll", [.strings(PortalSetting.namespaces)],
                                timeout: 5) { [unowned self] reply in
            self.reading = nil
            guard reply.errorName == nil, let sender = reply.sender, let answer = reply.arguments().first else { return }
            self.owner = sender
            self.apply(PortalSetting.all(in: answer))
        }
    }

    private func forget() {
        let before = (animations, colorScheme)
        animations = nil
        colorScheme = nil
        if before.0 != nil || before.1 != nil { onChange?() }
    }

    private func apply(_ settings: [PortalSetting]) {
        let before = (animations, colorScheme)
        for setting in settings {
            switch setting {
            case .animations(let on): animations = on
            case .colorScheme(let scheme): colorScheme = scheme
            }
        }
        if before.0 != animations || before.1 != colorScheme { onChange?() }
    }
}
