import CWaylandClient
import MarqueeCore
import TickerDriver
import TileRaster

extension WaylandBackend: PopupMenuHost, MenuInputSink {
    public func openMenu(_ model: MenuModel, at anchor: MenuAnchor) -> Bool {
        closeMenu()
        guard bar.isConfigured, let input, let seat = display.seat else { return false }
        let scale = surfaceScale.scale
        let picture = MenuPicture(menu: model, font: compositor.font, look: compositor.look, format: .argb)
        guard let popup = MenuPopup(display: display, parent: bar.popupParent, picture: picture, itemCount: model.items.count,
                                    x: Int(Double(anchor.x) / scale), parentHeight: logicalHeight, scale: scale,
                                    seat: seat, serial: input.lastPressSerial) else { return false }
        // The compositor ends the popup (a click elsewhere, the grab refused): said as a dismissal.
        popup.onDone = { [unowned self] in self.finishMenu(.dismissed) }
        menu = popup
        input.menu = MenuTarget(surface: popup.surface, input: self)
        return true
    }

    public func closeMenu() {
        input?.menu = nil
        menu = nil
    }

    /// Closes the menu and says how it ended.
    private func finishMenu(_ outcome: MenuInteraction.Outcome) {
        guard let event = BackendEvent(menuOutcome: outcome) else { return }
        closeMenu()
        outbox.post(event)
    }

    // MARK: The seat's input while the menu is open

    func pointer(at point: (x: Double, y: Double)?) { answer { $0.pointer(at: point); return .nothing } }

    func button(pressed: Bool, at point: (x: Double, y: Double)) { answer { $0.button(pressed: pressed, at: point) } }

    func pressedElsewhere() { finishMenu(.dismissed) }

    func key(_ key: MenuKey) { answer { $0.key(key) } }

    /// The open menu's answer to an input event: a choice or a dismissal, or another item lit.
    private func answer(_ input: (MenuPopup) -> MenuInteraction.Outcome) {
        guard let menu else { return }
        let lit = menu.highlighted
        let outcome = input(menu)
        if outcome == .nothing, menu.highlighted != lit { outbox.post(.menuHighlighted(menu.highlighted)) }
        finishMenu(outcome)
    }
}
