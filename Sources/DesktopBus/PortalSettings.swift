import MarqueeFormats
import MarqueeIO

/// The desktop's settings as `org.freedesktop.portal.Settings` gives them (xdg-desktop-portal,
/// on GNOME, KDE, wlroots desktops…): read once (`ReadAll`) and followed (`SettingChanged`).
/// Only what the ticker uses is kept: whether animations are on, the preferred colour scheme.
/// Where there is no session bus or no portal it is silent and every value stays nil.
public final class PortalSettings {
    static let destination = "org.freedesktop.portal.Desktop"
    static let path = "/org/freedesktop/portal/desktop"
    static let interface = "org.freedesktop.portal.Settings"

    private let bus: BusConnection
    private var changed: BusSlot?
    private var reading: BusSlot?
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
        changed = try? bus.match("type='signal',path='\(Self.path)',interface='\(Self.interface)',member='SettingChanged'") { [unowned self] signal in
            let arguments = signal.arguments()
            guard arguments.count == 3, let namespace = arguments[0].text, let key = arguments[1].text,
                  let setting = PortalSetting(namespace: namespace, key: key, value: arguments[2]) else { return }
            self.apply([setting])
        }
        // No portal: an error reply (or none within the timeout), and nothing changes.
        reading = try? bus.call(Self.destination, Self.path, Self.interface, "ReadAll", [.strings(PortalSetting.namespaces)],
                                timeout: 5) { [unowned self] reply in
            self.reading = nil
            guard reply.errorName == nil, let answer = reply.arguments().first else { return }
            self.apply(PortalSetting.all(in: answer))
        }
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
