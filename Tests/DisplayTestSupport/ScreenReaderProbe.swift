import Foundation
import Glibc

/// A screen reader's view of a private accessibility bus, through pyatspi (Debian's, for
/// /usr/bin/python3): the accessible tree as read on demand, and the announcements heard.
public enum ScreenReaderProbe {
    /// The application named xmarquee and its children: role, name, states, place; one line each.
    static let readTree = #"""
import pyatspi
for app in pyatspi.Registry.getDesktop(0):
    if app is None or app.name != "xmarquee":
        continue
    print("app", app.getRoleName(), app.childCount)
    for child in app:
        states = child.getState()
        print("child role=%s marquee=%s showing=%s visible=%s focusable=%s index=%d parent=%s name=%r" % (
            child.getRoleName(), child.getRole() == pyatspi.ROLE_MARQUEE, states.contains(pyatspi.STATE_SHOWING),
            states.contains(pyatspi.STATE_VISIBLE), states.contains(pyatspi.STATE_FOCUSABLE), child.getIndexInParent(),
            child.parent.name, child.name))
"""#

    /// The application's menu, when it has one: "menu NAME" then "item ROLE NAME" for each child.
    static let readMenu = #"""
import pyatspi
for app in pyatspi.Registry.getDesktop(0):
    if app is None or app.name != "xmarquee":
        continue
    for child in app:
        if child.getRole() != pyatspi.ROLE_MENU:
            continue
        print("menu %s %d" % (child.getRoleName(), child.childCount))
        for item in child:
            print("item %s|%s|%s" % (item.getRoleName(), item.name, item.parent.getRoleName()))
"""#

    /// Prints each `object:announcement` (text, politeness, the source's role) and each
    /// `object:state-changed:focused` (the source's name and role, 1 or 0) for the seconds
    /// given, and "ready" once the registry lists its announcement listener: the registration
    /// reached the registry after the bus took the listeners' match rules (all go out on one
    /// connection, in order), so from then on both kinds of event are delivered to it.
    static let listen = #"""
import sys, pyatspi
from gi.repository import GLib, Gio
session = Gio.bus_get_sync(Gio.BusType.SESSION, None)
address = session.call_sync("org.a11y.Bus", "/org/a11y/bus", "org.a11y.Bus", "GetAddress", None,
                            GLib.VariantType("(s)"), 0, -1, None).unpack()[0]
registry = Gio.DBusConnection.new_for_address_sync(
    address, Gio.DBusConnectionFlags.AUTHENTICATION_CLIENT | Gio.DBusConnectionFlags.MESSAGE_BUS_CONNECTION, None, None)
def listeners():
    events = registry.call_sync("org.a11y.atspi.Registry", "/org/a11y/atspi/registry", "org.a11y.atspi.Registry",
                                "GetRegisteredEvents", None, GLib.VariantType("(a(ss))"), 0, -1, None).unpack()[0]
    return sum(1 for _, event in events if event.lower().startswith("object:announcement"))
before = listeners()
def heard(event):
    print("announcement %r %d %s" % (event.any_data, event.detail1, event.source.getRoleName()), flush=True)
def registered():
    if listeners() <= before:
        return True
    print("ready", flush=True)
    return False
def focused(event):
    print("focused %r %s %d" % (event.source.name, event.source.getRoleName(), event.detail1), flush=True)
pyatspi.Registry.registerEventListener(focused, "object:state-changed:focused")
pyatspi.Registry.registerEventListener(heard, "object:announcement")
GLib.timeout_add(20, registered)
GLib.timeout_add(int(float(sys.argv[1]) * 1000), pyatspi.Registry.stop)
pyatspi.Registry.start()
"""#

    /// The tree as `readTree` prints it, once the application has a child (the registry hears
    /// of it a moment after the ticker starts), or as it last was after 10 s.
    public static func tree(bus: PrivateSessionBus) -> String { read(readTree, bus: bus, until: "child ") }

    /// The menu's lines as `readMenu` prints them, once a menu is there (within 10 s), else "".
    public static func menu(bus: PrivateSessionBus) -> String { read(readMenu, bus: bus, until: "item ") }

    /// What `script` prints, once it holds `mark`, or as it last was after 10 s.
    private static func read(_ script: String, bus: PrivateSessionBus, until mark: String) -> String {
        var printed = ""
        _ = waitFor(seconds: 10) {
            printed = (try? runTool(URL(fileURLWithPath: "/usr/bin/python3"), ["-c", script], environment: bus.environment))?.output ?? ""
            return printed.contains(mark)
        }
        return printed
    }
}

/// Listens for announcements on a private accessibility bus for up to a minute; `heard` is what
/// it printed so far ("announcement 'text' politeness role" lines).
public final class AnnouncementListener {
    private let listener = Process()
    private let output = NSTemporaryDirectory() + "xmarquee-listen-\(UUID().uuidString)"

    public init(bus: PrivateSessionBus) throws {
        _ = FileManager.default.createFile(atPath: output, contents: nil)
        listener.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        listener.arguments = ["-c", ScreenReaderProbe.listen, "60"]
        listener.environment = ProcessInfo.processInfo.environment.merging(bus.environment) { _, new in new }
        listener.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: output))
        listener.standardError = FileHandle.nullDevice
        try listener.run()
        guard waitFor(seconds: 10, { self.heard.contains("ready") }) else {
            stop()
            throw HarnessError("the pyatspi listener did not start")
        }
    }

    deinit { stop() }

    public var heard: String { (try? String(contentsOfFile: output, encoding: .utf8)) ?? "" }

    public func stop() {
        if listener.isRunning {
            listener.terminate()
            listener.waitUntilExit()
        }
        try? FileManager.default.removeItem(atPath: output)
    }
}
