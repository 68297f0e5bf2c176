/// What an item of the bar's menu does. The driver carries out the player's own (pause, speed,
/// next, a link) and quitting; the app the rest (reload, settings, about).
public enum MenuAction: Equatable, Sendable {
    case pause, resume, faster, slower, nextMessage
    /// Opens the link of the message the menu was asked for over.
    case openLink(String)
    case reload, editSettings, about, quit

    /// The item's words, as the menu shows them and a screen reader reads them.
    public var label: String {
        switch self {
        case .pause: "Pause"
        case .resume: "Resume"
        case .faster: "Faster"
        case .slower: "Slower"
        case .nextMessage: "Next message"
        case .openLink: "Open this link"
        case .reload: "Reload"
        case .editSettings: "Edit settings"
        case .about: "About"
        case .quit: "Quit"
        }
    }
}
