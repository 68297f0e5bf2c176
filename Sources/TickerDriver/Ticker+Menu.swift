import MarqueeCore
import MarqueeFormats

extension Ticker {
    /// A right-click or a menu key: the menu for the player as it is now, over the message
    /// under the click.
    func openMenu(at anchor: MenuAnchor) {
        guard menu.isEnabled, let host = backend as? PopupMenuHost else { return }
        // The lane under the pointer (the first one for a key with the pointer elsewhere).
        let player = lanes.first { $0.player.pointerX != nil }?.player ?? self.player
        let x = anchor.byKeyboard ? player.pointerX : anchor.x
        let model = MenuModel(pausedByUser: player.isPausedByUser, link: x.flatMap { player.strip.link(atWindowX: $0) })
        menu.shown = host.openMenu(model, at: anchor) ? model : nil
    }

    /// Item `index` of the menu shown was chosen (the host has closed it).
    func chooseMenuItem(_ index: Int) {
        guard let model = menu.shown, model.items.indices.contains(index) else { return menu.shown = nil }
        menu.shown = nil
        let command: PlayerCommand
        switch model.items[index].action {
        case .pause: command = .pause
        case .resume: command = .resume
        case .faster: command = .nudgeSpeed(frames: 1)
        case .slower: command = .nudgeSpeed(frames: -1)
        case .nextMessage: command = .next
        case .openLink(let link):
            openLink?(link)
            return
        case .quit: return loop.stop(status: ExitStatus.success.rawValue)
        case let action:
            menu.onAppAction?(action)
            return
        }
        // The bar's menu acts on every lane, as `xmarquee ctl` does.
        update { player, now in player.perform(command, at: now) }
    }

    /// Turns the menu on or off (a reload); one open is closed when it goes off.
    public func setMenuEnabled(_ enabled: Bool) {
        menu.isEnabled = enabled
        guard !enabled, menu.shown != nil else { return }
        (backend as? PopupMenuHost)?.closeMenu()
        menu.shown = nil
    }
}
