import CX11
import Glibc
import MarqueeFormats

/// Everything the desktop says about how programs should look and move, kept up to date:
/// XSETTINGS, the X resources, and GTK's settings file where no settings manager runs.
/// Reports a change once per X event that changed something.
public final class DesktopWatch {
    private let xsettings: XSettingsWatch
    private let resources: XResources
    private let gtkSettingsPath: String?
    public private(set) var preferences: DesktopPreferences
    /// Called after the preferences or the resources changed.
    public var onChange: (() -> Void)?
    /// Whether a settings manager runs (XSETTINGS): else the desktop portal may say instead.
    public var hasSettingsManager: Bool { xsettings.settings != nil }

    public init(connection: XConnection, gtkSettingsPath: String?) {
        xsettings = XSettingsWatch(connection: connection)
        resources = XResources(connection: connection)
        self.gtkSettingsPath = gtkSettingsPath
        preferences = DesktopPreferences()
        preferences = current()
        xsettings.onChange = { [unowned self] in self.changed() }
        resources.onChange = { [unowned self] in self.changed() }
    }

    /// Offers an X event; true when it was the desktop's.
    public func handle(_ event: inout XEvent) -> Bool {
        xsettings.handle(&event) || resources.handle(&event)
    }

    /// X resources for the program `name` (class `className`): resource → value, for those set.
    public func resources(of name: String, className: String, keys: [String]) -> [String: String] {
        let queries = keys.map { key in ("\(name).\(key)", "\(className).\(key.prefix(1).uppercased() + key.dropFirst())") }
        var result: [String: String] = [:]
        for (query, value) in resources.values(queries) { result[String(query.dropFirst(name.count + 1))] = value }
        return result
    }

    private func current() -> DesktopPreferences {
        DesktopPreferences(xsettings: xsettings.settings, xftDPIResource: resources.value(name: "Xft.dpi", className: "Xft.Dpi"),
                           gtkSettings: xsettings.settings == nil ? gtkSettingsPath.flatMap(Self.readSmallFile) : nil)
    }

    private func changed() {
        preferences = current()
        onChange?()
    }

    /// A settings.ini is a few hundred bytes; anything past 64 KB is not read.
    private static func readSmallFile(_ path: String) -> String? {
        guard let file = fopen(path, "r") else { return nil }
        defer { fclose(file) }
        var buffer = [UInt8](repeating: 0, count: 65_536)
        let count = fread(&buffer, 1, buffer.count, file)
        return String(decoding: buffer[0..<count], as: UTF8.self)
    }
}
