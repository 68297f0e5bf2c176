import CX11

/// The window's pointer shape: a hand over linked text, the default arrow elsewhere. The hand
/// cursor is made the first time it is shown and freed with this object.
final class PointerCursor {
    private let connection: XConnection
    private let window: Window
    private var hand: Cursor = 0
    private(set) var showsHand = false

    init(connection: XConnection, window: Window) {
        self.connection = connection
        self.window = window
    }

    deinit { if hand != 0 { XFreeCursor(connection.display, hand) } }

    func show(hand wantsHand: Bool) {
        guard wantsHand != showsHand else { return }
        showsHand = wantsHand
        if wantsHand {
            if hand == 0 { hand = XCreateFontCursor(connection.display, UInt32(XC_hand2)) }
            XDefineCursor(connection.display, window, hand)
        } else {
            XUndefineCursor(connection.display, window)
        }
    }
}
