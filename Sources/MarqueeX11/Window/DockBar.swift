import CX11
import MarqueeFormats
import MarqueeIO

/// A ticker window docked as a panel on the top or bottom edge of one monitor.
///
/// Owns the placement: creates the window with the bar's frame and dock hints, reserves its
/// height with struts, and moves both when RandR reports that the monitors changed. When its
/// monitor goes away the bar moves to the primary one, and back when the monitor returns.
/// Size changes reach the ticker through the usual ConfigureNotify.
public final class DockBar {
    public let window: TickerWindow
    public let edge: BarEdge
    public private(set) var height: Int
    private let connection: XConnection
    private let monitors: Monitors
    private var choice: MonitorChoice
    public private(set) var monitor: Monitor
    public private(set) var placement: DockPlacement

    public init(connection: XConnection, edge: BarEdge, height: Int, choice: MonitorChoice, title: String) {
        self.connection = connection
        self.edge = edge
        self.height = height
        self.choice = choice
        monitors = Monitors(connection: connection)
        let list = monitors.current()
        monitor = Self.pick(choice, in: list)
        placement = DockPlacement(edge: edge, height: height, monitor: monitor, rootHeight: connection.screenHeight)
        let frame = placement.frame
        window = TickerWindow(connection: connection, width: frame.width, height: frame.height,
                              position: (frame.x, frame.y), title: title)
        window.markAsDock()
        window.setInitialStates([.above, .sticky, .skipTaskbar, .skipPager])
        window.setOnAllDesktops()
        window.refuseFocus()
        window.pin(to: frame)
        window.setStrut(placement)
        monitors.selectChangeEvents()
    }

    /// The monitor for `choice`, warning when the one asked for is not there.
    private static func pick(_ choice: MonitorChoice, in list: [Monitor]) -> Monitor {
        let chosen = choice.resolve(in: list)!
        if choice != .primary && choice.find(in: list) == nil {
            let names = list.map(\.name).joined(separator: ", ")
            Diagnostics.warn("no monitor \(choice.description) (monitors: \(names)); using \"\(chosen.name)\"")
        }
        return chosen
    }

    /// Offers an X event; true when it was a RandR change (the bar has followed it then).
    public func handle(_ event: inout XEvent) -> Bool {
        guard monitors.isChange(&event) else { return false }
        follow()
        return true
    }

    /// A new height or monitor (a reloaded config): the bar moves and reserves its new place.
    public func update(height newHeight: Int, choice newChoice: MonitorChoice) {
        guard newHeight != height || newChoice != choice else { return }
        height = newHeight
        if newChoice != choice {
            choice = newChoice
            monitor = Self.pick(newChoice, in: monitors.current())
        }
        follow()
    }

    /// Re-reads the monitors and moves the bar and its struts if its place changed.
    public func follow() {
        let list = monitors.current()
        let chosen = choice.resolve(in: list)!
        let moved = DockPlacement(edge: edge, height: height, monitor: chosen, rootHeight: connection.screenHeight)
        if chosen.name != monitor.name, choice != .primary, choice.find(in: list) == nil {
            Diagnostics.warn("monitor \(choice.description) is gone; the bar moves to \"\(chosen.name)\"")
        }
        monitor = chosen
        guard moved != placement else { return }
        placement = moved
        window.pin(to: moved.frame)
        window.setStrut(moved)
        connection.flush()
    }
}

extension MonitorChoice: CustomStringConvertible {
    public var description: String {
        switch self {
        case .primary: return "primary"
        case .index(let index): return "\(index)"
        case .name(let name): return "\"\(name)\""
        }
    }
}
