import Glibc
import MarqueeConfig
import MarqueeCore
import MarqueeFormats
import MarqueeIO
import TickerDriver

/// What the menu's items that belong to the program (not the player) do: read the config file
/// again, open it in the desktop's editor (made from the commented sample when there is none;
/// saving it applies live, as any save does) and say what the program is, on the bar itself.
struct MenuCommands {
    let ticker: Ticker
    let live: LiveConfig
    let opener: LinkOpener
    let configPath: String?
    let loop: EventLoop

    /// Hands the ticker's menu these commands, on or off as `enabled` says.
    func wire(enabled: Bool) {
        ticker.setMenuEnabled(enabled)
        ticker.menu.onAppAction = { action in
            switch action {
            case .reload: live.reload(reason: "menu")
            case .editSettings: editSettings()
            case .about: about()
            default: break
            }
        }
    }

    private func editSettings() {
        guard let path = configPath else {
            return Diagnostics.warn("no config file to edit: neither XDG_CONFIG_HOME nor HOME is set")
        }
        do {
            try AtomicFile.write(Array(XDGPaths.configSample.utf8), to: path, replacing: false)
            Diagnostics.note("created \(path) from the commented sample")
        } catch .exists {
            // The user's own file, opened as it is.
        } catch {
            return Diagnostics.warn("cannot create the config file: \(error.description)")
        }
        // Its folder may be new: saves are followed from now on.
        live.watchFile(on: loop)
        opener.open(file: path)
    }

    private func about() {
        let text = "\(Diagnostics.program) \(XMarquee.version): a smooth-scrolling ticker. Right-click for this menu; man xmarquee for more."
        ticker.update { player, now in player.announce(text, at: now) }
    }
}
