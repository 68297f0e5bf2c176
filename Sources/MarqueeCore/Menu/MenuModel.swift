/// The bar's menu as the driver decides it: its items in order, each an action and its words.
/// Both backends only draw it and say which item was chosen (by its index).
public struct MenuModel: Equatable, Sendable {
    public struct Item: Equatable, Sendable {
        public var action: MenuAction
        public var label: String { action.label }
        public init(_ action: MenuAction) { self.action = action }
    }

    public var items: [Item]

    public init(items: [Item]) { self.items = items }

    /// The menu for a ticker paused by its user or not, asked for over a message with `link`
    /// (nil: none, or not asked over text): Pause or Resume, the speed, the next message, the
    /// link where there is one, then the program's own items.
    public init(pausedByUser: Bool, link: String?) {
        var actions: [MenuAction] = [pausedByUser ? .resume : .pause, .faster, .slower, .nextMessage]
        if let link { actions.append(.openLink(link)) }
        actions += [.reload, .editSettings, .about, .quit]
        items = actions.map(Item.init)
    }

    public var labels: [String] { items.map(\.label) }
}
