import MarqueeFormats

/// One object of the ticker's accessible tree, as a reader asks about it: the application
/// (root), its marquee, and while the bar's menu is open, the menu and its items.
struct AccessibleNode {
    static let rootPath = "/org/a11y/atspi/accessible/root"
    static let marqueePath = "/org/a11y/atspi/accessible/marquee"
    static let menuPath = "/org/a11y/atspi/accessible/menu"

    var path: String
    var role: AccessibleRole
    var name: String
    /// The parent's path; nil for the root, whose parent is the registry's.
    var parent: String?
    var indexInParent: Int32
    var children: [String]
    var states: Set<AccessibleState>
    /// What `AccessibleId` says: a stable name for tests and scripts.
    var id: String

    static func itemPath(_ index: Int) -> String { menuPath + "/\(index)" }

    /// The node at `path` in a tree whose menu shows `menu` (nil: closed) with item `focused`
    /// lit, or nil for none. `root` and `marquee` are the two that always are.
    static func find(_ path: String, root: AccessibleNode, marquee: AccessibleNode, menu: [String]?,
                     focused: Int?) -> AccessibleNode? {
        switch path {
        case rootPath: return root
        case marqueePath: return marquee
        case menuPath:
            guard let menu else { return nil }
            return AccessibleNode(path: path, role: .menu, name: "", parent: rootPath, indexInParent: 1,
                                  children: menu.indices.map(itemPath), states: [.enabled, .sensitive, .showing, .visible], id: "menu")
        default:
            guard let menu, path.hasPrefix(menuPath + "/"), let index = Int(path.dropFirst(menuPath.count + 1)),
                  menu.indices.contains(index) else { return nil }
            var states: Set<AccessibleState> = [.enabled, .sensitive, .showing, .visible, .focusable, .selectable]
            if index == focused { states.formUnion([.focused, .selected]) }
            return AccessibleNode(path: path, role: .menuItem, name: menu[index], parent: menuPath, indexInParent: Int32(index),
                                  children: [], states: states, id: "menu-item-\(index)")
        }
    }
}
