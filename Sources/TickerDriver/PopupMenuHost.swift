import MarqueeCore

/// A display that can show the bar's menu (a popup of the ticker's own drawing): an optional
/// capability, like `FrameQueue`. The driver decides the items and what each does; the host
/// draws them, takes the pointer and keys while open, and says the outcome as a `BackendEvent`
/// (`.menuChosen`, `.menuDismissed`), closing itself first.
public protocol PopupMenuHost: AnyObject {
    /// Shows `menu` next to `anchor` (which the host posted in `.menuRequested`), replacing an
    /// open one. False when it cannot now (another client holds the pointer).
    func openMenu(_ menu: MenuModel, at anchor: MenuAnchor) -> Bool
    /// Closes the menu without a choice (nothing is posted); nothing when none is open.
    func closeMenu()
}

/// Where the menu was asked for: a point of the ticker's surface in device pixels (a
/// right-click's), or by the keyboard (the Menu key, Shift+F10), at the pointer or the
/// surface's start.
public struct MenuAnchor: Equatable, Sendable {
    public var x: Int
    public var y: Int
    public var byKeyboard: Bool

    public init(x: Int, y: Int, byKeyboard: Bool = false) {
        self.x = x
        self.y = y
        self.byKeyboard = byKeyboard
    }
}

extension BackendEvent {
    /// What a menu's answer to input says to the driver: a choice or a dismissal (nil: nothing
    /// yet, the menu stays open).
    public init?(menuOutcome outcome: MenuInteraction.Outcome) {
        switch outcome {
        case .nothing: return nil
        case .chosen(let index): self = .menuChosen(index)
        case .dismissed: self = .menuDismissed
        }
    }
}
