import CX11
import MarqueeFormats

/// RandR's monitor list (`XRRGetMonitors`) and the events that say it changed.
///
/// Monitors, not CRTCs or outputs: a monitor is what the user sees as one screen, and
/// `xrandr --setmonitor` can split or join outputs into monitors. Xvfb reports one monitor
/// named "screen" without the primary flag, so nothing here requires a primary.
public final class Monitors {
    private let connection: XConnection
    /// RandR's first event number; nil when the server has no RandR.
    private let eventBase: Int32?

    public init(connection: XConnection) {
        self.connection = connection
        var eventBase: Int32 = 0, errorBase: Int32 = 0
        self.eventBase = XRRQueryExtension(connection.display, &eventBase, &errorBase) != 0 ? eventBase : nil
    }

    /// The active monitors in RandR's order; the whole root window as one monitor without RandR.
    public func current() -> [Monitor] {
        let whole = [Monitor(name: "screen", x: 0, y: 0, width: connection.screenWidth,
                             height: connection.screenHeight, isPrimary: true)]
        guard eventBase != nil else { return whole }
        var count: Int32 = 0
        guard let list = XRRGetMonitors(connection.display, connection.root, 1, &count) else { return whole }
        defer { XRRFreeMonitors(list) }
        var monitors: [Monitor] = []
        for index in 0..<Int(count) {
            let info = list[index]
            var name = "monitor-\(index)"
            if info.name != 0, let atomName = XGetAtomName(connection.display, info.name) {
                name = String(cString: atomName)
                XFree(atomName)
            }
            monitors.append(Monitor(name: name, x: Int(info.x), y: Int(info.y), width: Int(info.width),
                                    height: Int(info.height), isPrimary: info.primary != 0))
        }
        return monitors.isEmpty ? whole : monitors
    }

    /// Asks for the root window's RandR change events: screen size changes and, for monitor,
    /// output and CRTC edits (including `xrandr --setmonitor`), the RRNotify subtypes.
    public func selectChangeEvents() {
        guard eventBase != nil else { return }
        XRRSelectInput(connection.display, connection.root,
                       Int32(RRScreenChangeNotifyMask | RRCrtcChangeNotifyMask | RROutputChangeNotifyMask))
    }

    /// True for a RandR change event. Screen changes are passed to Xlib first so that the
    /// screen size it reports (`XDisplayWidth`, `XDisplayHeight`) is the new one.
    public func isChange(_ event: inout XEvent) -> Bool {
        guard let eventBase else { return false }
        switch event.type {
        case eventBase + RRScreenChangeNotify:
            XRRUpdateConfiguration(&event)
            return true
        case eventBase + RRNotify:
            return true
        default:
            return false
        }
    }
}
