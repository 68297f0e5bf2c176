import Glibc
import MarqueeConfig
import MarqueeCore
import MarqueeFormats
import MarqueeIO
import TickerDriver

/// What the menu's items that belong to the program (not the player) do: read the config file
/// again, open it in the desktop's editor (`SettingsEditor`) and say what the program is, on the
/// bar itself.
struct MenuCommands {
    let ticker: Ticker
    let live: LiveConfig
    let editor: SettingsEditor

    /// Hands the ticker's menu these commands, on or off as `enabled` says.
    func wire(enabled: Bool) {
        ticker.setMenuEnabled(enabled)
        ticker.menu.onAppAction = { action in
            switch action {
            case .reload: live.reload(reason: "menu")
            case .editSettings: editor.open()
            case .about: about()
            default: break
            }
        }
    }

    private func about() {
        let text = "\(Diagnostics.program) \(XMarquee.version): a smooth-scrolling ticker. Right-click for this menu; man xmarquee for more."
        ticker.update { player, now in player.announce(text, at: now) }
    }
}
