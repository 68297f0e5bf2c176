/// One monitor, as the display's monitor list describes it (in the coordinates of the whole screen).
public struct Monitor: Equatable, Sendable {
    public var name: String
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int
    public var isPrimary: Bool

    public init(name: String, x: Int, y: Int, width: Int, height: Int, isPrimary: Bool = false) {
        self.name = name
        self.x = x
        self.y = y
        self.width = width
        self.height = height
        self.isPrimary = isPrimary
    }
}

/// Which monitor the user asked for with `--monitor N|NAME`.
public enum MonitorChoice: Equatable, Sendable {
    /// The primary monitor, else the first one.
    case primary
    /// A position in the display's monitor list, counted from 0.
    case index(Int)
    /// A monitor's name: its connector (e.g. "HDMI-1"), or a name given it (`xrandr --setmonitor`).
    case name(String)

    /// A number is a position in the list; anything else is a name.
    public init(parsing spec: String) {
        if let index = Int(spec), index >= 0 { self = .index(index) } else { self = .name(spec) }
    }

    /// The monitor this choice names in `monitors`; nil when it names none (gone or mistyped).
    public func find(in monitors: [Monitor]) -> Monitor? {
        switch self {
        case .primary: return monitors.first(where: \.isPrimary) ?? monitors.first
        case .index(let index): return monitors.indices.contains(index) ? monitors[index] : nil
        case .name(let name): return monitors.first { $0.name == name }
        }
    }

    /// The monitor to use: the one asked for, or, when it is not (or no longer) there, the
    /// primary, else the first. Nil only for an empty list.
    public func resolve(in monitors: [Monitor]) -> Monitor? {
        find(in: monitors) ?? MonitorChoice.primary.find(in: monitors)
    }
}
