/// AT-SPI's numbers for what the ticker's accessible objects are (at-spi2-core's
/// atspi-constants.h, AtspiRole and AtspiStateType; checked against pyatspi 2.46).
public enum AccessibleRole: UInt32, Sendable {
    case menu = 33
    case menuItem = 35
    case application = 75
    /// "A region that scrolls its text": ATSPI_ROLE_MARQUEE.
    case marquee = 112

    /// The role's name as AT-SPI spells it (GetRoleName).
    public var name: String {
        switch self {
        case .menu: "menu"
        case .menuItem: "menu item"
        case .application: "application"
        case .marquee: "marquee"
        }
    }
}

public enum AccessibleState: Int, CaseIterable, Sendable {
    case enabled = 8
    case focusable = 11
    case focused = 12
    case horizontal = 14
    case sensitive = 24
    case selectable = 22
    case selected = 23
    case showing = 25
    case singleLine = 26
    /// Its name changes without an event (a marquee's text moves on): readers must not cache it.
    case transient = 28
    case visible = 30

    /// A state set as GetState returns it: two 32-bit words, state n at bit n % 32 of word n / 32.
    public static func words(_ states: Set<AccessibleState>) -> [UInt32] {
        var words: [UInt32] = [0, 0]
        for state in states { words[state.rawValue / 32] |= 1 << UInt32(state.rawValue % 32) }
        return words
    }
}

/// How urgently a reader is to say an announcement (AtspiLive): the Announcement event's detail.
public enum AccessiblePoliteness: Int32, Sendable {
    case polite = 1
    case assertive = 2
}
