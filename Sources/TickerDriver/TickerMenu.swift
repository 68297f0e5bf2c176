import MarqueeCore

/// The bar's menu as the driver keeps it: whether it is on (`--no-menu` turns it off), what is
/// open now, and who is told. The items the driver cannot carry out (reload, the settings,
/// about) go to the app.
public final class TickerMenu {
    /// Off: a right-click and the menu keys do nothing (a bar embedded in another panel);
    /// `Ticker.setMenuEnabled` switches it, closing a menu that is open.
    public internal(set) var isEnabled = true
    /// The menu on screen, nil while none is.
    public internal(set) var shown: MenuModel? {
        didSet {
            guard shown != oldValue else { return }
            highlighted = nil
            onChange?(shown)
        }
    }
    /// The item lit in the menu shown (nil: none).
    public internal(set) var highlighted: Int? {
        didSet { if highlighted != oldValue { onHighlight?(highlighted) } }
    }
    /// An item only the app can carry out was chosen.
    public var onAppAction: ((MenuAction) -> Void)?
    /// The menu opened (its model) or closed (nil): a screen reader's tree follows it.
    public var onChange: ((MenuModel?) -> Void)?
    /// Another item is lit: a screen reader says it, as it does in any toolkit's menu.
    public var onHighlight: ((Int?) -> Void)?

    init() {}
}
