import CX11
import MarqueeCore

/// The X resources (`xrdb`): the root window's `RESOURCE_MANAGER` string, read with Xrm and
/// re-read whenever it changes (`xrdb -merge` rewrites the property; PropertyNotify says so).
/// Xlib's own `XResourceManagerString` is a copy taken when the display was opened and never
/// updated, so the property itself is read.
final class XResources {
    private let connection: XConnection
    private let property: Atom
    /// The property's text as last read (empty without one).
    private(set) var text: String
    var onChange: (() -> Void)?

    init(connection: XConnection) {
        self.connection = connection
        property = connection.atom("RESOURCE_MANAGER")
        XrmInitialize()
        var attributes = XWindowAttributes()
        XGetWindowAttributes(connection.display, connection.root, &attributes)
        // Adds to what this client already selects on the root (a bar's RandR input is separate).
        XSelectInput(connection.display, connection.root, attributes.your_event_mask | PropertyChangeMask)
        text = ""
        text = read()
    }

    private func read() -> String {
        // A resource database is text of a few kilobytes; 4 MB is far beyond any real one.
        guard let bytes = connection.propertyBytes(of: connection.root, property, maximum: 4 << 20) else { return "" }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The value of `name` (class `className`), looked up the way Xrm matches (`*foreground`
    /// and `Xmarquee.foreground` both reach `xmarquee.foreground`); nil when not set.
    func value(name: String, className: String) -> String? {
        values([(name, className)])[name]
    }

    /// Several look-ups in one database: name → value for those that are set.
    func values(_ queries: [(name: String, className: String)]) -> [String: String] {
        guard !text.isEmpty, let database = XrmGetStringDatabase(text) else { return [:] }
        defer { XrmDestroyDatabase(database) }
        var result: [String: String] = [:]
        for query in queries {
            var type: UnsafeMutablePointer<CChar>?
            var value = XrmValue()
            guard XrmGetResource(database, query.name, query.className, &type, &value) != 0,
                  let address = value.addr else { continue }
            // The size counts the terminating NUL.
            let bytes = UnsafeRawBufferPointer(start: address, count: Int(value.size)).prefix { $0 != 0 }
            result[query.name] = String(decoding: bytes, as: UTF8.self)
        }
        return result
    }

    /// Offers an X event; true when the resources changed (or the event was about them).
    func handle(_ event: inout XEvent) -> Bool {
        guard event.type == PropertyNotify, event.xproperty.window == connection.root,
              event.xproperty.atom == property else { return false }
        let new = read()
        if new != text {
            text = new
            onChange?()
        }
        return true
    }
}
