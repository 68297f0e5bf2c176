import CX11
import MarqueeCore
import MarqueeFormats
import TickerDriver
import TileRaster

extension X11Backend: PopupMenuHost {
    public func openMenu(_ model: MenuModel, at anchor: MenuAnchor) -> Bool {
        closeMenu()
        let display = connection.display
        // The anchor in root coordinates: the window's origin there, plus the point in it.
        var left: Int32 = 0, top: Int32 = 0
        var child = Window(0)
        XTranslateCoordinates(display, window.id, connection.root, 0, 0, &left, &top, &child)
        let bar = MenuPlacement.Rect(x: Int(left), y: Int(top), width: window.width, height: window.height)
        let x = bar.x + anchor.x, y = bar.y + anchor.y
        let monitors = Monitors(connection: connection).current()
        let monitor = monitors.first { x >= $0.x && x < $0.x + $0.width && y >= $0.y && y < $0.y + $0.height } ?? monitors[0]
        let picture = MenuPicture(menu: model, font: compositor.font, look: compositor.look,
                                  format: connection.surface.hasAlpha ? .argb : .rgb)
        menu = MenuWindow(connection: connection, menu: model, picture: picture, at: x, y,
                          monitor: MenuPlacement.Rect(x: monitor.x, y: monitor.y, width: monitor.width, height: monitor.height),
                          bar: bar)
        connection.flush()
        return menu != nil
    }

    public func closeMenu() {
        guard let open = menu else { return }
        open.close()
        menu = nil
        notePointerAfterGrab()
    }

    /// While the menu held the pointer the window heard of no crossing (those of a grab are not
    /// the player's): where the pointer is now is said, so hovering ends where it left the bar.
    private func notePointerAfterGrab() {
        var root = Window(0), child = Window(0)
        var rootX: Int32 = 0, rootY: Int32 = 0, x: Int32 = 0, y: Int32 = 0
        var mask: UInt32 = 0
        guard XQueryPointer(connection.display, window.id, &root, &child, &rootX, &rootY, &x, &y, &mask) != 0 else { return }
        let inside = x >= 0 && y >= 0 && Int(x) < window.width && Int(y) < window.height
        outbox.post(.input(inside ? .enter(x: Int(x)) : .leave))
    }

    /// An event of the open menu's window: a choice or a dismissal closes it and is said.
    func menuEvent(_ event: inout XEvent, in menu: MenuWindow) {
        let lit = menu.highlighted
        guard let said = BackendEvent(menuOutcome: menu.handle(&event)) else {
            if menu.highlighted != lit { outbox.post(.menuHighlighted(menu.highlighted)) }
            return
        }
        closeMenu()
        outbox.post(said)
    }

    /// A right-click on the ticker, or the Menu key or Shift+F10 with its focus: where the menu
    /// is asked for (the pointer, or the window's lower left for a key with the pointer away).
    func menuAnchor(_ event: inout XEvent) -> MenuAnchor? {
        switch event.type {
        case ButtonPress where event.xbutton.button == UInt32(Button3):
            return MenuAnchor(x: Int(event.xbutton.x), y: Int(event.xbutton.y))
        case KeyPress:
            let keysym = UInt32(truncatingIfNeeded: XLookupKeysym(&event.xkey, 0))
            guard MenuKey.opensMenu(keysym: keysym, shift: event.xkey.state & UInt32(ShiftMask) != 0) else { return nil }
            let x = Int(event.xkey.x), y = Int(event.xkey.y)
            let inside = x >= 0 && y >= 0 && x < window.width && y < window.height
            return MenuAnchor(x: inside ? x : 0, y: inside ? y : window.height, byKeyboard: true)
        default:
            return nil
        }
    }
}
