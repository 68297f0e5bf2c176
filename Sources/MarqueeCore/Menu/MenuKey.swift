/// A key while the menu is open, and the keys that open it, in the keysym numbering every
/// keyboard library shares (X's, xkbcommon's).
public enum MenuKey: Equatable, Sendable {
    case up, down, choose, dismiss

    public init?(keysym: UInt32) {
        switch keysym {
        case 0xFF52, 0xFF97: self = .up                        // Up, KP_Up
        case 0xFF54, 0xFF99, 0xFF09: self = .down              // Down, KP_Down, Tab
        case 0xFF0D, 0xFF8D, 0x20: self = .choose              // Return, KP_Enter, space
        case 0xFF1B: self = .dismiss                           // Escape
        default: return nil
        }
    }

    /// The Menu key, or Shift+F10: the keyboard's way to the context menu on every desktop.
    public static func opensMenu(keysym: UInt32, shift: Bool) -> Bool {
        keysym == 0xFF67 || (shift && keysym == 0xFFC7)        // Menu; F10
    }
}
