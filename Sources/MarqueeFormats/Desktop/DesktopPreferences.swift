/// What the desktop asks of every program, found the way toolkits find it: the settings
/// manager's XSETTINGS first, then the X resources (`Xft.dpi`), then GTK's own settings file
/// (for animations, where no settings manager runs), then the defaults.
public struct DesktopPreferences: Equatable, Sendable {
    /// The DPI at which a pixel option means what it says (every toolkit's reference).
    public static let referenceDPI = 96.0
    /// DPI values outside this range are taken as broken and ignored.
    public static let plausibleDPI = 24.0...960.0

    public var dpi: Double
    public var animationsEnabled: Bool
    /// Light or dark, as the desktop portal says (`org.freedesktop.appearance color-scheme`):
    /// picks the default colours when the user gave none.
    public var colorScheme: PortalSetting.ColorScheme = .none

    public init(dpi: Double = referenceDPI, animationsEnabled: Bool = true) {
        self.dpi = dpi
        self.animationsEnabled = animationsEnabled
    }

    /// - Parameters:
    ///   - xsettings: the running settings manager's settings, if one runs.
    ///   - xftDPIResource: the `Xft.dpi` X resource as written (`xrdb`), if set.
    ///   - gtkSettings: the text of `~/.config/gtk-3.0/settings.ini`, if readable.
    public init(xsettings: XSettings?, xftDPIResource: String?, gtkSettings: String?) {
        let candidates = [xsettings?.dpi, xftDPIResource.flatMap { Double($0.trimmingSpaces) }]
        dpi = candidates.compactMap { $0 }.first { Self.plausibleDPI.contains($0) } ?? Self.referenceDPI
        animationsEnabled = xsettings?.animationsEnabled ?? gtkSettings.flatMap(Self.gtkEnableAnimations) ?? true
    }

    /// Pixel options are multiplied by this unless given with an explicit `px`.
    public var scale: Double { dpi / Self.referenceDPI }

    /// `gtk-enable-animations` from the `[Settings]` group of a GTK settings.ini.
    static func gtkEnableAnimations(in text: String) -> Bool? {
        var inSettings = false
        var found: Bool?
        for rawLine in text.split(whereSeparator: \.isNewline) {
            let line = String(rawLine).trimmingSpaces
            if line.hasPrefix("[") {
                inSettings = line == "[Settings]"
                continue
            }
            guard inSettings, let equals = line.firstIndex(of: "=") else { continue }
            guard line[..<equals].trimmingSpaces == "gtk-enable-animations" else { continue }
            switch line[line.index(after: equals)...].trimmingSpaces.lowercased() {
            case "true", "1", "yes": found = true
            case "false", "0", "no": found = false
            default: break
            }
        }
        return found
    }
}

/// `--motion`: whether the text scrolls or shows one message at a time, standing still.
public enum MotionPreference: String, Sendable, CaseIterable {
    /// Follow the desktop's animation setting (`Gtk/EnableAnimations`), live.
    case auto
    /// Always scroll (signage, kiosks).
    case always
    /// Never scroll by itself: one message at a time.
    case reduced

    public func reducesMotion(_ desktop: DesktopPreferences) -> Bool {
        switch self {
        case .auto: return !desktop.animationsEnabled
        case .always: return false
        case .reduced: return true
        }
    }
}

extension StringProtocol {
    var trimmingSpaces: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
