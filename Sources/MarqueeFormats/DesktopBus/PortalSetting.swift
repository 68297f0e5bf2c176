/// The two desktop settings the ticker follows through `org.freedesktop.portal.Settings`, read
/// from a `ReadAll` answer (`a{sa{sv}}`) or one `SettingChanged` (namespace, key, value).
public enum PortalSetting: Equatable, Sendable {
    /// `org.gnome.desktop.interface enable-animations`.
    case animations(Bool)
    /// `org.freedesktop.appearance color-scheme`: 1 prefers dark, 2 light, 0 no preference.
    case colorScheme(ColorScheme)

    public enum ColorScheme: Equatable, Sendable { case none, dark, light }

    public static let namespaces = ["org.gnome.desktop.interface", "org.freedesktop.appearance"]

    public init?(namespace: String, key: String, value: BusValue) {
        switch (namespace, key) {
        case ("org.gnome.desktop.interface", "enable-animations"):
            guard let on = value.boolean else { return nil }
            self = .animations(on)
        case ("org.freedesktop.appearance", "color-scheme"):
            guard let code = value.integer else { return nil }
            self = .colorScheme(code == 1 ? .dark : code == 2 ? .light : .none)
        default:
            return nil
        }
    }

    /// Every known setting in a `ReadAll` answer.
    public static func all(in answer: BusValue) -> [PortalSetting] {
        guard case .entries(let namespaces) = answer.unwrapped else { return [] }
        var result: [PortalSetting] = []
        for namespace in namespaces {
            guard case .entries(let keys) = namespace.value.unwrapped else { continue }
            for key in keys {
                if let setting = PortalSetting(namespace: namespace.key, key: key.key, value: key.value) { result.append(setting) }
            }
        }
        return result
    }
}
