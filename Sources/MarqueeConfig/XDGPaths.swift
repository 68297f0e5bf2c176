/// Where xmarquee's per-user files live, by the XDG Base Directory rules.
public struct XDGPaths: Equatable, Sendable {
    /// `$XDG_CONFIG_HOME`, or `~/.config` when it is unset, empty or not absolute (as the spec says).
    public let configHome: String?
    /// `$XDG_CACHE_HOME`, or `~/.cache`, by the same rules.
    public let cacheHome: String?
    /// `$XDG_STATE_HOME`, or `~/.local/state`, by the same rules.
    public let stateHome: String?

    public init(environment: [String: String]) {
        func base(_ variable: String, default folder: String) -> String? {
            if let xdg = environment[variable], xdg.hasPrefix("/") { return xdg }
            if let home = environment["HOME"], !home.isEmpty { return home + "/" + folder }
            return nil
        }
        configHome = base("XDG_CONFIG_HOME", default: ".config")
        cacheHome = base("XDG_CACHE_HOME", default: ".cache")
        stateHome = base("XDG_STATE_HOME", default: ".local/state")
    }

    /// `~/.cache/xmarquee`: one file per feed (`FeedCache`).
    public var feedCache: String? { cacheHome.map { $0 + "/xmarquee" } }

    /// `~/.config/xmarquee/config`.
    public var configFile: String? { configHome.map { $0 + "/xmarquee/config" } }

    /// `~/.local/state/xmarquee/tickr-import-noted`: there, the note on importing Tickr's
    /// settings has been given once and is not given again.
    public var tickrNoteMarker: String? { stateHome.map { $0 + "/xmarquee/tickr-import-noted" } }

    /// `~/.config/autostart/xmarquee.desktop`: session managers start what is there at login.
    public var autostartEntry: String? { configHome.map { $0 + "/autostart/xmarquee.desktop" } }
}
