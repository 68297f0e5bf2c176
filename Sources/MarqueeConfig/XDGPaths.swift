/// Where xmarquee's per-user files live, by the XDG Base Directory rules.
public struct XDGPaths: Equatable, Sendable {
    /// `$XDG_CONFIG_HOME`, or `~/.config` when it is unset, empty or not absolute (as the spec says).
    public let configHome: String?

    public init(environment: [String: String]) {
        if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") {
            configHome = xdg
        } else if let home = environment["HOME"], !home.isEmpty {
            configHome = home + "/.config"
        } else {
            configHome = nil
        }
    }

    /// `~/.config/xmarquee/config`.
    public var configFile: String? { configHome.map { $0 + "/xmarquee/config" } }

    /// `~/.config/autostart/xmarquee.desktop`: session managers start what is there at login.
    public var autostartEntry: String? { configHome.map { $0 + "/autostart/xmarquee.desktop" } }
}
