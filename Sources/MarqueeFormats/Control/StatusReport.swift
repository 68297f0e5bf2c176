/// What `xmarquee ctl status` prints: one JSON object describing a running ticker.
public struct StatusReport: Equatable, Sendable {
    /// One source of messages (a feed, a command, the clock, the schedule) and how it fares.
    public struct Source: Equatable, Sendable {
        public var name: String
        /// Seconds since 1970 (UTC) of its last successful update; nil before the first.
        public var lastSuccess: Double?
        public var lastError: String?
        public var lastErrorTime: Double?
        /// A feed's own state; nil for other sources.
        public var feed: Feed?

        public init(name: String, lastSuccess: Double? = nil, lastError: String? = nil, lastErrorTime: Double? = nil, feed: Feed? = nil) {
            self.name = name
            self.lastSuccess = lastSuccess
            self.lastError = lastError
            self.lastErrorTime = lastErrorTime
            self.feed = feed
        }
    }

    /// How a feed fares beyond success and failure.
    public struct Feed: Equatable, Sendable {
        /// The address asked (where a permanent redirect led, else the one given).
        public var address: String
        /// The last HTTP status (from this run, or the cache's); nil for a file or before any.
        public var httpStatus: Int?
        /// Whether the items on show were read from the cache and no answer has confirmed or replaced them.
        public var fromCache: Bool
        /// Whether the server answered 410 Gone (the feed is not asked again).
        public var gone: Bool
        /// Seconds since 1970 (UTC) of the next fetch; nil when none is planned.
        public var nextFetch: Double?

        public init(address: String, httpStatus: Int?, fromCache: Bool, gone: Bool, nextFetch: Double?) {
            self.address = address
            self.httpStatus = httpStatus
            self.fromCache = fromCache
            self.gone = gone
            self.nextFetch = nextFetch
        }
    }

    /// One `--include` / `--exclude` rule (the includes together are one) and how many messages
    /// it holds back now, over all sources.
    public struct FilterCount: Equatable, Sendable {
        public var filter: String
        public var held: Int

        public init(filter: String, held: Int) {
            self.filter = filter
            self.held = held
        }
    }

    public var name = ""
    public var pid: Int32 = 0
    public var version = ""
    /// continuous, overflow or bounce.
    public var mode = ""
    /// What `--motion` says (auto, always, reduced) and what it gives now: "scrolling" or "pages".
    public var motionSetting = ""
    public var motion = ""
    public var paused = false
    /// Pixels per second.
    public var speed = 0.0
    public var direction = ""
    /// The message at the edge the text is read from (the page under reduced motion).
    public var message: String?
    public var dpi = 96.0
    public var refreshRate = 0.0
    /// Whether the display paces the frames, presenting each at its vblank (else a timer does).
    public var present = false
    /// Whether each frame reaches the window only at its vblank (no compositing manager: the
    /// server copies it); false under a compositing manager, which presents it itself.
    public var tearFree = false
    /// Whether the text moves by fractions of a pixel (`--subpixel`).
    public var subpixel = true
    public var framesShown: UInt64 = 0
    public var framesMissed: UInt64 = 0
    /// Frames late by one vblank, by two, by three or more (`FrameStatistics.late`).
    public var framesLate: [UInt64] = [0, 0, 0]
    public var sources: [Source] = []
    public var filters: [FilterCount] = []
    /// What the desktop bus brings, when anything asked for it (`--now-playing`, `--notifications`).
    public var desktopBus: DesktopBusState?

    /// The desktop bus's part: nil fields were not asked for.
    public struct DesktopBusState: Equatable, Sendable {
        /// Whether a session bus was reached.
        public var connected = false
        /// The text now playing ("" when no player plays).
        public var nowPlaying: String?
        /// "server" (xmarquee owns org.freedesktop.Notifications), "monitor" (another server does;
        /// xmarquee listens beside it), "starting" or "unavailable".
        public var notifications: String?
        /// How many notifications are on the ticker.
        public var notificationsShown: Int?

        public init() {}

        var json: String {
            var fields = ["\"connected\":\(connected)"]
            if let nowPlaying { fields.append("\"nowPlaying\":\(StatusReport.string(nowPlaying))") }
            if let notifications { fields.append("\"notifications\":\(StatusReport.string(notifications))") }
            if let notificationsShown { fields.append("\"notificationsShown\":\(notificationsShown)") }
            return "{" + fields.joined(separator: ",") + "}"
        }
    }

    /// One lane of the bar, top to bottom (`lanes`): the first is also the report's own fields.
    public struct Lane: Equatable, Sendable {
        public var message: String?
        public var label: String?
        public var speed: Double
        public var direction: String
        public var paused: Bool

        public init(message: String?, label: String?, speed: Double, direction: String, paused: Bool) {
            self.message = message
            self.label = label
            self.speed = speed
            self.direction = direction
            self.paused = paused
        }

        var json: String {
            "{\"message\":\(message.map(StatusReport.string) ?? "null"),\"label\":\(label.map(StatusReport.string) ?? "null"),"
                + "\"speed\":\(StatusReport.number(speed)),\"direction\":\(StatusReport.string(direction)),\"paused\":\(paused)}"
        }
    }

    public var lanes: [Lane] = []

    public init() {}

    /// The object on one line, keys in a fixed order.
    public var json: String {
        var fields: [(String, String)] = [
            ("name", Self.string(name)), ("pid", String(pid)), ("version", Self.string(version)),
            ("mode", Self.string(mode)), ("motionSetting", Self.string(motionSetting)), ("motion", Self.string(motion)),
            ("paused", String(paused)), ("speed", Self.number(speed)), ("direction", Self.string(direction)),
            ("message", message.map(Self.string) ?? "null"), ("dpi", Self.number(dpi)),
            ("refreshRate", Self.number(refreshRate)), ("present", String(present)), ("tearFree", String(tearFree)),
            ("subpixel", String(subpixel)),
            ("framesShown", String(framesShown)), ("framesMissed", String(framesMissed)),
            ("framesLate", "[" + framesLate.map(String.init).joined(separator: ",") + "]"),
        ]
        let sourceObjects = sources.map { source in
            "{\"name\":\(Self.string(source.name)),\"lastSuccess\":\(source.lastSuccess.map(Self.number) ?? "null"),"
                + "\"lastError\":\(source.lastError.map(Self.string) ?? "null"),"
                + "\"lastErrorTime\":\(source.lastErrorTime.map(Self.number) ?? "null")"
                + (source.feed.map { feed in
                    ",\"address\":\(Self.string(feed.address)),\"httpStatus\":\(feed.httpStatus.map(String.init) ?? "null"),"
                        + "\"fromCache\":\(feed.fromCache),\"gone\":\(feed.gone),\"nextFetch\":\(feed.nextFetch.map(Self.number) ?? "null")"
                } ?? "") + "}"
        }
        fields.append(("sources", "[" + sourceObjects.joined(separator: ",") + "]"))
        let filterObjects = filters.map { "{\"filter\":\(Self.string($0.filter)),\"held\":\($0.held)}" }
        fields.append(("filters", "[" + filterObjects.joined(separator: ",") + "]"))
        if let desktopBus { fields.append(("desktopBus", desktopBus.json)) }
        fields.append(("lanes", "[" + lanes.map(\.json).joined(separator: ",") + "]"))
        return "{" + fields.map { "\(Self.string($0.0)):\($0.1)" }.joined(separator: ",") + "}"
    }

    /// A JSON string: quotes, backslashes and control characters escaped (RFC 8259 §7).
    static func string(_ text: String) -> String { QuotedString.quoted(text) }

    /// A JSON number: no NaN or infinity (JSON has neither), at most three decimals.
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        let rounded = (value * 1000).rounded() / 1000
        if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int(rounded)) }
        return String(rounded)
    }
}
