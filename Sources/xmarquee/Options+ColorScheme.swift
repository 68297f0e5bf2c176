import MarqueeFormats

extension Options {
    /// The default colours for a light desktop: the dark defaults (`fg`, `bg`) swapped.
    static let lightForeground = "#202020"
    static let lightBackground = "#f0f0f0"

    /// Takes the light defaults under a light colour scheme for each colour the user did not set
    /// (on the command line, in the config file or as an X resource: all in `arguments`). Dark
    /// and no preference keep the dark defaults.
    mutating func follow(colorScheme: PortalSetting.ColorScheme, arguments: [String]) {
        guard colorScheme == .light else { return }
        if !Self.gives(arguments, "fg") { fg = Self.lightForeground }
        if !Self.gives(arguments, "bg") { bg = Self.lightBackground }
    }

    /// Whether `arguments` set `--name` (before `--`, after which every word is a message).
    static func gives(_ arguments: [String], _ name: String) -> Bool {
        for argument in arguments {
            if argument == "--" { return false }
            if argument == "--\(name)" || argument.hasPrefix("--\(name)=") { return true }
        }
        return false
    }
}
