import MarqueeCore
import MarqueeFormats

/// The ticker as a screen reader sees it, on the accessibility bus: an application (the root
/// object, registered with the registry through `Socket.Embed`) with one child of role marquee
/// whose name is the message at the reading edge, read when asked (a marquee is no live region:
/// it is never announced for moving on). Urgent messages and the reader key's requests are
/// `Object:Announcement` events from the marquee. Both objects answer the Accessible interface
/// (and the root Application) through plain method calls and the Properties interface.
public final class AccessibleApplication {
    static let rootPath = "/org/a11y/atspi/accessible/root"
    static let marqueePath = "/org/a11y/atspi/accessible/marquee"
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

    // MARK: Calls

    private func handle(_ call: BusMessage) -> Bool {
        guard call.isMethodCall, let path = call.path, let member = call.member else { return false }
        if path == Self.cachePath {
            // No cache of ours: every property is read from the objects when asked.
            guard member == "GetItems" else { return false }
            return answer(call, [.array(element: "((so)(so)(so)iiassusau)", [])])
        }
        let isRoot = path == Self.rootPath
        switch (call.interface ?? Self.accessible, member) {
        case (Self.properties, "Get"):
            let arguments = call.arguments()
            guard arguments.count == 2, let interface = arguments[0].text, let property = arguments[1].text,
                  let value = self.property(interface, property, root: isRoot) else { return false }
            return answer(call, [value])
        case (Self.properties, "GetAll"):
            guard let interface = call.arguments().first?.text else { return false }
            let names = interface == Self.application ? ["ToolkitName", "Version", "ToolkitVersion", "AtspiVersion", "Id"]
                : interface == Self.accessible ? ["Name", "Description", "Parent", "ChildCount", "Locale", "AccessibleId", "HelpText"] : []
            let entries = names.compactMap { name in
                property(interface, name, root: isRoot).map { BusArgument.structure(signature: "sv", [.string(name), $0], dictEntry: true) }
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
            guard let reply = accessibleMethod(method, root: isRoot, arguments: call.arguments()) else { return false }
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

    private func accessibleMethod(_ method: String, root: Bool, arguments: [BusValue]) -> [BusArgument]? {
        let role: AccessibleRole = root ? .application : .marquee
        let marquee = reference(ourName, Self.marqueePath)
        switch method {
        case "GetChildAtIndex":
            guard root, arguments.first?.integer == 0 else { return [reference("", "/org/a11y/atspi/null")] }
            return [marquee]
        case "GetChildren": return [.array(element: "(so)", root ? [marquee] : [])]
        case "GetIndexInParent": return [.int32(root ? -1 : 0)]
        case "GetRelationSet": return [.array(element: "(ua(so))", [])]
        case "GetRole": return [.uint32(role.rawValue)]
        case "GetRoleName", "GetLocalizedRoleName": return [.string(role.name)]
        case "GetState": return [.array(element: "u", AccessibleState.words(states(root: root)).map { .uint32($0) })]
        case "GetAttributes": return [.array(element: "{ss}", root ? [] : [.structure(signature: "ss", [.string("toolkit"), .string(name)], dictEntry: true)])]
        case "GetApplication": return [reference(ourName, Self.rootPath)]
        case "GetInterfaces": return [.strings(root ? [Self.accessible, Self.application] : [Self.accessible])]
        default: return nil
        }
    }

    /// True states only: the marquee takes keys where the ticker's surface has them (both
    /// displays: the X11 window and the layer surface on demand), shows while it can be seen,
    /// and its name changes without events (transient).
    private func states(root: Bool) -> Set<AccessibleState> {
        if root { return [] }
        var states: Set<AccessibleState> = [.enabled, .sensitive, .focusable, .horizontal, .singleLine, .transient, .visible]
        if showing() { states.insert(.showing) }
        return states
    }

    private func property(_ interface: String, _ property: String, root: Bool) -> BusArgument? {
        func variant(_ signature: String, _ value: BusArgument) -> BusArgument { .variant(signature: signature, value) }
        switch (interface, property) {
        case (Self.accessible, "Name"): return variant("s", .string(root ? name : message() ?? ""))
        case (Self.accessible, "Description"), (Self.accessible, "Locale"), (Self.accessible, "HelpText"):
            return variant("s", .string(""))
        case (Self.accessible, "AccessibleId"): return variant("s", .string(root ? "" : "marquee"))
        case (Self.accessible, "Parent"):
            return variant("(so)", root ? reference(parent.0, parent.1) : reference(ourName, Self.rootPath))
        case (Self.accessible, "ChildCount"): return variant("i", .int32(root ? 1 : 0))
        case (Self.application, "ToolkitName"): return root ? variant("s", .string(name)) : nil
        case (Self.application, "Version"), (Self.application, "ToolkitVersion"): return root ? variant("s", .string(version)) : nil
        case (Self.application, "AtspiVersion"): return root ? variant("s", .string("2.1")) : nil
        case (Self.application, "Id"): return root ? variant("i", .int32(id)) : nil
        default: return nil
        }
    }
}
