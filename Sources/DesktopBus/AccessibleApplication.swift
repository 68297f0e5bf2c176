import MarqueeCore
import MarqueeFormats

/// The ticker as a screen reader sees it, on the accessibility bus: an application (the root
/// object, registered with the registry through `Socket.Embed`) with one child of role marquee
/// whose name is the message at the reading edge, read when asked (a marquee is no live region:
/// it is never announced for moving on). Urgent messages and the reader key's requests are
/// `Object:Announcement` events from the marquee. While the bar's menu is open the application
/// has a second child, the menu (role menu), whose children are its items (role menu item,
/// named by their words). Every object answers the Accessible interface (and the root
/// Application) through plain method calls and the Properties interface.
public final class AccessibleApplication {
    static let rootPath = AccessibleNode.rootPath
    static let marqueePath = AccessibleNode.marqueePath
    static let cachePath = "/org/a11y/atspi/cache"
    static let registry = "org.a11y.atspi.Registry"
    static let accessible = "org.a11y.atspi.Accessible"
    static let application = "org.a11y.atspi.Application"
    static let properties = "org.freedesktop.DBus.Properties"

    private let bus: BusConnection
    private let name: String
    private let version: String
    private let message: () -> String?
    private let showing: () -> Bool
    private var objects: [BusSlot] = []
    private var embedding: BusSlot?
    /// The registry's root, our root's parent (Embed's answer).
    private var parent = (AccessibleApplication.registry, AccessibleApplication.rootPath)
    /// The id the registry gives the application (it sets the Id property).
    private var id: Int32 = 0
    /// The open menu's items, nil while it is closed, and the one lit.
    private var menu: [String]?
    private var focusedItem: Int?

    /// `message` is read each time a reader asks for the marquee's name; `showing` for its states.
    init(bus: BusConnection, name: String, version: String, message: @escaping () -> String?,
         showing: @escaping () -> Bool) throws(BusError) {
        self.bus = bus
        self.name = name
        self.version = version
        self.message = message
        self.showing = showing
        for path in [Self.rootPath, Self.marqueePath, Self.cachePath] {
            objects.append(try bus.object(path) { [unowned self] call in self.handle(call) })
        }
        // The menu and its items, answered while it is open.
        objects.append(try bus.object(AccessibleNode.menuPath, subtree: true) { [unowned self] call in self.handle(call) })
        guard let unique = bus.uniqueName else { throw BusError("embed in the registry", -107) }
        embedding = try bus.call(Self.registry, Self.rootPath, "org.a11y.atspi.Socket", "Embed",
                                 [.structure(signature: "so", [.string(unique), .objectPath(Self.rootPath)])]) { [unowned self] reply in
            self.embedding = nil
            if case .structure(let fields)? = reply.arguments().first, fields.count == 2,
               let name = fields[0].text, let path = fields[1].text {
                self.parent = (name, path)
            }
        }
    }

    /// Has a reader say `announcement` now.
    public func announce(_ announcement: Announcement) {
        let politeness: AccessiblePoliteness = announcement.assertive ? .assertive : .polite
        try? bus.emit(Self.marqueePath, "org.a11y.atspi.Event.Object", "Announcement",
                      [.string(""), .int32(politeness.rawValue), .int32(0), .variant(signature: "s", .string(announcement.text)),
                       .array(element: "{sv}", [])])
    }

    /// The bar's menu opened with items `labels`, or closed (nil): the tree shows it, and a
    /// reader hears of the change (`ChildrenChanged` on the application).
    public func showMenu(_ labels: [String]?) {
        guard labels != menu else { return }
        let change = labels == nil ? "remove" : "add"
        if labels != nil && menu != nil { showMenu(nil) }
        menu = labels
        focusedItem = nil
        try? bus.emit(Self.rootPath, "org.a11y.atspi.Event.Object", "ChildrenChanged",
                      [.string(change), .int32(1), .int32(0), .variant(signature: "(so)", reference(ourName, AccessibleNode.menuPath)),
                       .array(element: "{sv}", [])])
    }

    /// Item `index` of the open menu is lit (nil: none): it takes the focus, as a toolkit's
    /// menu item does, so a reader says it (`StateChanged:focused` from the old and the new).
    public func focusMenuItem(_ index: Int?) {
        guard menu != nil, index != focusedItem else { return }
        let previous = focusedItem
        focusedItem = index
        for (item, focused) in [(previous, 0), (index, 1)] {
            guard let item else { continue }
            try? bus.emit(AccessibleNode.itemPath(item), "org.a11y.atspi.Event.Object", "StateChanged",
                          [.string("focused"), .int32(Int32(focused)), .int32(0), .variant(signature: "i", .int32(0)),
                           .array(element: "{sv}", [])])
        }
    }

    // MARK: The tree

    private var root: AccessibleNode {
        AccessibleNode(path: Self.rootPath, role: .application, name: name, parent: nil, indexInParent: -1,
                       children: [Self.marqueePath] + (menu == nil ? [] : [AccessibleNode.menuPath]), states: [], id: "")
    }

    /// True states only: the marquee takes keys where the ticker's surface has them (both
    /// displays: the X11 window and the layer surface on demand), shows while it can be seen,
    /// and its name changes without events (transient).
    private var marquee: AccessibleNode {
        var states: Set<AccessibleState> = [.enabled, .sensitive, .focusable, .horizontal, .singleLine, .transient, .visible]
        if showing() { states.insert(.showing) }
        return AccessibleNode(path: Self.marqueePath, role: .marquee, name: message() ?? "", parent: Self.rootPath, indexInParent: 0,
                              children: [], states: states, id: "marquee")
    }

    private func node(_ path: String) -> AccessibleNode? { AccessibleNode.find(path, root: root, marquee: marquee, menu: menu, focused: focusedItem) }

    // MARK: Calls

    private func handle(_ call: BusMessage) -> Bool {
        guard call.isMethodCall, let path = call.path, let member = call.member else { return false }
        if path == Self.cachePath {
            // No cache of ours: every property is read from the objects when asked.
            guard member == "GetItems" else { return false }
            return answer(call, [.array(element: "((so)(so)(so)iiassusau)", [])])
        }
        guard let node = node(path) else { return false }
        let isRoot = path == Self.rootPath
        switch (call.interface ?? Self.accessible, member) {
        case (Self.properties, "Get"):
            let arguments = call.arguments()
            guard arguments.count == 2, let interface = arguments[0].text, let property = arguments[1].text,
                  let value = self.property(interface, property, of: node) else { return false }
            return answer(call, [value])
        case (Self.properties, "GetAll"):
            guard let interface = call.arguments().first?.text else { return false }
            let names = interface == Self.application ? ["ToolkitName", "Version", "ToolkitVersion", "AtspiVersion", "Id"]
                : interface == Self.accessible ? ["Name", "Description", "Parent", "ChildCount", "Locale", "AccessibleId", "HelpText"] : []
            let entries = names.compactMap { name in
                property(interface, name, of: node).map { BusArgument.structure(signature: "sv", [.string(name), $0], dictEntry: true) }
            }
            return answer(call, [.array(element: "{sv}", entries)])
        case (Self.properties, "Set"):
            // The registry sets the application's Id while it embeds it; nothing else is writable.
            let arguments = call.arguments()
            guard isRoot, arguments.count == 3, arguments[1].text == "Id", let value = arguments[2].integer else { return false }
            id = Int32(clamping: value)
            return answer(call, [])
        case (Self.application, "GetLocale"):
            return answer(call, [.string("")])
        case (Self.accessible, let method):
            guard let reply = accessibleMethod(method, of: node, arguments: call.arguments()) else { return false }
            return answer(call, reply)
        default:
            return false
        }
    }

    private func answer(_ call: BusMessage, _ arguments: [BusArgument]) -> Bool {
        try? bus.reply(to: call, arguments)
        return true
    }

    private func reference(_ name: String, _ path: String) -> BusArgument {
        .structure(signature: "so", [.string(name), .objectPath(path)])
    }

    private var ourName: String { bus.uniqueName ?? "" }

    private func accessibleMethod(_ method: String, of node: AccessibleNode, arguments: [BusValue]) -> [BusArgument]? {
        let root = node.path == Self.rootPath
        switch method {
        case "GetChildAtIndex":
            guard let index = arguments.first?.integer.map(Int.init), node.children.indices.contains(index) else {
                return [reference("", "/org/a11y/atspi/null")]
            }
            return [reference(ourName, node.children[index])]
        case "GetChildren": return [.array(element: "(so)", node.children.map { reference(ourName, $0) })]
        case "GetIndexInParent": return [.int32(node.indexInParent)]
        case "GetRelationSet": return [.array(element: "(ua(so))", [])]
        case "GetRole": return [.uint32(node.role.rawValue)]
        case "GetRoleName", "GetLocalizedRoleName": return [.string(node.role.name)]
        case "GetState": return [.array(element: "u", AccessibleState.words(node.states).map { .uint32($0) })]
        case "GetAttributes": return [.array(element: "{ss}", root ? [] : [.structure(signature: "ss", [.string("toolkit"), .string(name)], dictEntry: true)])]
        case "GetApplication": return [reference(ourName, Self.rootPath)]
        case "GetInterfaces": return [.strings(root ? [Self.accessible, Self.application] : [Self.accessible])]
        default: return nil
        }
    }

    private func property(_ interface: String, _ property: String, of node: AccessibleNode) -> BusArgument? {
        func variant(_ signature: String, _ value: BusArgument) -> BusArgument { .variant(signature: signature, value) }
        let root = node.path == Self.rootPath
        switch (interface, property) {
        case (Self.accessible, "Name"): return variant("s", .string(node.name))
        case (Self.accessible, "Description"), (Self.accessible, "Locale"), (Self.accessible, "HelpText"):
            return variant("s", .string(""))
        case (Self.accessible, "AccessibleId"): return variant("s", .string(node.id))
        case (Self.accessible, "Parent"):
            return variant("(so)", node.parent.map { reference(ourName, $0) } ?? reference(parent.0, parent.1))
        case (Self.accessible, "ChildCount"): return variant("i", .int32(Int32(node.children.count)))
        case (Self.application, "ToolkitName"): return root ? variant("s", .string(name)) : nil
        case (Self.application, "Version"), (Self.application, "ToolkitVersion"): return root ? variant("s", .string(version)) : nil
        case (Self.application, "AtspiVersion"): return root ? variant("s", .string("2.1")) : nil
        case (Self.application, "Id"): return root ? variant("i", .int32(id)) : nil
        default: return nil
        }
    }
}
