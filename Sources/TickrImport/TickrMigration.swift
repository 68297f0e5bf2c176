import MarqueeConfig

/// Tickr's feed list and settings as xmarquee's config file: each Tickr setting with a
/// counterpart becomes a key (`speed`, `fg`, `bg`, `font`, `bar` or `geometry`, `refresh`, …),
/// each feed a `[[feed]]` table (its title kept; an unselected feed `enabled = false`). What has
/// no counterpart is said, one line a setting, when it differs from Tickr's default (a setting
/// left at Tickr's default was no choice of the user's). Pure: the caller reads and writes files.
public struct TickrMigration: Sendable {
    /// The config file to write.
    public private(set) var document = ConfigDocument()
    /// What was carried over, one line each (`speed = 125: Tickr's 1 px every 8 ms`).
    public private(set) var carried: [String] = []
    /// What was not, one line each, with the reason.
    public private(set) var notCarried: [String] = []

    public init(feeds: TickrFeedList?, settings: TickrSettings?, source: String) {
        document.header = ["Imported from Tickr (\(source)) by xmarquee --import-tickr.",
                           "Every key is explained in `man xmarquee`; assets/config.sample lists them all."]
        if let settings { carry(settings) }
        if let feeds { carry(feeds) }
    }

    private mutating func set(_ key: String, _ value: ConfigDocument.Value, because why: String) {
        document.entries.append(ConfigDocument.Entry(key, value, comment: "Tickr: \(why)"))
        carried.append("\(key) = \(ConfigDocument.value(value)) (Tickr: \(why))")
    }

    // MARK: Feeds

    private mutating func carry(_ list: TickrFeedList) {
        for feed in list.feeds {
            var entries = [ConfigDocument.Entry("url", .string(feed.url))]
            if let title = feed.title { entries.append(ConfigDocument.Entry("title", .string(title))) }
            if !feed.selected { entries.append(ConfigDocument.Entry("enabled", .boolean(false))) }
            document.tables.append((name: "feed", entries: entries))
        }
        let selected = list.feeds.filter(\.selected).count
        carried.append("\(list.feeds.count) feeds as [[feed]] tables, titles kept (\(selected) selected; "
            + "the \(list.feeds.count - selected) unselected with enabled = false)")
        notCarried += list.problems.map { "tickr-url-list: \($0)" }
    }

    // MARK: Settings

    private mutating func carry(_ settings: TickrSettings) {
        var handled: Set<String> = []
        func take(_ names: [String]) -> Bool {
            handled.formUnion(names)
            return names.contains { settings[$0] != nil }
        }
        func take(_ names: String...) -> Bool { take(names) }
        if take("delay", "shiftsize") { carrySpeed(settings) }
        if take("fgcolor") { carryColour(settings["fgcolor"]!, key: "fg", name: "fgcolor") }
        if take("bgcolor") { carryColour(settings["bgcolor"]!, key: "bg", name: "bgcolor") }
        if take("fontname", "fontsize") { carryFont(settings) }
        if take("win_x", "win_y", "win_w", "win_h") { carryPlace(settings) }
        if take("alwaysontop"), settings.flag("alwaysontop") == true, !isBar { set("above", .boolean(true), because: "alwaysontop=y") }
        if take("winsticky"), settings.flag("winsticky") == true, !isBar { set("sticky", .boolean(true), because: "winsticky=y") }
        if take("revsc"), settings.flag("revsc") == true { set("direction", .string("right"), because: "revsc=y (left to right)") }
        if take("pauseonmouseover"), let on = settings.flag("pauseonmouseover") {
            set("pause-on-hover", .boolean(on), because: "pauseonmouseover=\(on ? "y" : "n")")
        }
        if take("feedtitle"), let on = settings.flag("feedtitle") { set("feed-title", .boolean(on), because: "feedtitle=\(on ? "y" : "n")") }
        if take("itemdescription"), let on = settings.flag("itemdescription") {
            set("feed-descriptions", .boolean(on), because: "itemdescription=\(on ? "y" : "n")")
        }
        if take("itemtitledelimiter"), let text = settings["itemtitledelimiter"], !text.trimmingSpaces.isEmpty {
            set("separator", .string(text), because: "itemtitledelimiter, between items")
        }
        if take("rssrefresh") { carryRefresh(settings) }
        if take("clock", "clocksec", "clock12h", "clockdate", "clockaltdateform") { carryClock(settings) }
        // The clock's own font and colours matter only with a clock.
        let clockLook = ["clockfontname", "clockfontsize", "clockfgcolor", "clockbgcolor", "setclockgradientbg", "clockbgcolor2"]
        if take(clockLook), settings["clock"] == "l" || settings["clock"] == "r" {
            notCarried.append("clockfontname, clockfgcolor, clockbgcolor: the clock is drawn in the text's font and colours")
        }
        for name in settings.names where !handled.contains(name) {
            guard let value = settings[name] else { continue }
            if let other = Self.withoutCounterpart[name] {
                if other.default != value { notCarried.append("\(name)=\(value): \(other.why)") }
            } else {
                notCarried.append("\(name)=\(value): not a Tickr setting xmarquee knows")
            }
        }
        notCarried += settings.problems.map { "tickr-conf: \($0)" }
    }

    private var isBar: Bool { document.entries.contains { $0.key == "bar" } }

    /// Tickr moves the text `shiftsize` pixels every `delay` milliseconds.
    private mutating func carrySpeed(_ settings: TickrSettings) {
        let delay = settings.integer("delay") ?? Self.defaultDelay
        let shift = settings.integer("shiftsize") ?? Self.defaultShift
        guard delay > 0, shift >= 0, delay <= 1_000_000, shift <= 1_000_000 else {
            notCarried.append("delay=\(settings["delay"] ?? ""), shiftsize=\(settings["shiftsize"] ?? ""): not a speed xmarquee can take")
            return
        }
        let speed = Double(shift) * 1000 / Double(delay)
        let value: ConfigDocument.Value = speed == speed.rounded() ? .integer(Int(speed)) : .number((speed * 10).rounded() / 10)
        set("speed", value, because: "\(shift) px every \(delay) ms, in px/s")
    }

    /// `#rrggbbaa`: an opaque colour loses its alpha (`#rrggbb`); a translucent one keeps it.
    private mutating func carryColour(_ text: String, key: String, name: String) {
        let hex = text.hasPrefix("#") ? text.dropFirst() : Substring(text)
        guard [6, 8].contains(hex.count), hex.allSatisfy(\.isHexDigit) else {
            notCarried.append("\(name)=\(text): not a #rrggbbaa colour")
            return
        }
        let colour = "#" + (hex.count == 8 && hex.suffix(2).lowercased() == "ff" ? hex.prefix(6) : hex).lowercased()
        set(key, .string(colour), because: "\(name)=\(text)")
    }

    /// Tickr's font is a Pango family with style words (`DejaVu Sans Bold Italic`) and a size in
    /// points; ours is a fontconfig pattern, whose `size` is in points too.
    private mutating func carryFont(_ settings: TickrSettings) {
        let name = (settings["fontname"] ?? Self.defaultFont).trimmingSpaces
        let size = settings.integer("fontsize") ?? Self.defaultFontSize
        guard let pattern = TickrFont.pattern(pangoName: name, size: size) else {
            notCarried.append("fontname=\(name), fontsize=\(settings["fontsize"] ?? ""): not a font xmarquee can name")
            return
        }
        set("font", .string(pattern), because: "fontname=\(name), fontsize=\(size)")
    }

    /// Tickr's window, full width at the top of the screen by default: at x = 0, y = 0 it is what
    /// a bar is here (docked, space reserved); elsewhere a window at the same place and size.
    private mutating func carryPlace(_ settings: TickrSettings) {
        let x = settings.integer("win_x") ?? 0, y = settings.integer("win_y") ?? 0
        let width = settings.integer("win_w") ?? 0, height = settings.integer("win_h") ?? 0
        let place = "win_x=\(x), win_y=\(y), win_w=\(width), win_h=\(height)"
        let range = 0...32767
        guard range.contains(x), range.contains(y), range.contains(width), range.contains(height) else {
            notCarried.append("\(place): outside the screen's 16-bit range")
            return
        }
        if x == 0 && y == 0 {
            set("bar", .string("top"), because: "\(place): a strip at the top of the screen")
            if height > 0 { set("height", .string("\(height)px"), because: "win_h=\(height)") }
            return
        }
        var geometry = width > 0 ? "\(width)" : ""
        if height > 0 { geometry += "x\(height)" }
        geometry += "+\(x)+\(y)"
        set("geometry", .string(geometry), because: "\(place) (bar = \"bottom\" docks it to the bottom edge instead)")
    }

    /// Tickr's `rssrefresh` is minutes, used when a feed has no TTL; 0 never reloads.
    private mutating func carryRefresh(_ settings: TickrSettings) {
        guard let minutes = settings.integer("rssrefresh"), minutes >= 0, minutes <= 100_000 else {
            notCarried.append("rssrefresh=\(settings["rssrefresh"] ?? ""): not a number of minutes")
            return
        }
        guard minutes > 0 else {
            notCarried.append("rssrefresh=0 (never reload): xmarquee fetches each feed again at its TTL, else every 15 minutes")
            return
        }
        set("refresh", .integer(minutes * 60), because: "rssrefresh=\(minutes) minutes; here it also overrides a feed's TTL")
    }

    /// Tickr's clock stands at one end of the bar; ours is a message that scrolls with the rest.
    private mutating func carryClock(_ settings: TickrSettings) {
        guard let side = settings["clock"], side == "l" || side == "r" else { return }
        let seconds = settings.flag("clocksec") ?? false
        let twelve = settings.flag("clock12h") ?? true
        var format = twelve ? "%I:%M" : "%H:%M"
        if seconds { format += ":%S" }
        if twelve { format += " %p" }
        if settings.flag("clockdate") == true {
            format = ((settings.flag("clockaltdateform") ?? false) ? "%a %d %b " : "%a %b %d ") + format
        }
        set("clock", .string(format), because: "clock=\(side); here the clock is a message that scrolls with the others")
    }

    // MARK: Tickr's defaults

    static let defaultDelay = 8
    static let defaultShift = 1
    static let defaultFont = "Sans"
    static let defaultFontSize = 12

    /// Tickr's settings with no counterpart here: the value that is no choice of the user's
    /// (Tickr's default, or the value that changes nothing) and why it is not carried over.
    static let withoutCounterpart: [String: (default: String, why: String)] = [
        "setgradientbg": ("n", "no gradient here: the background is bgcolor alone"),
        "bgcolor2": ("#20202080", "no gradient here: the background is bgcolor alone"),
        "disablescreenlimits": ("n", "a window here stays within X's 16-bit coordinates"),
        "windec": ("n", "the window is undecorated or decorated as the window manager decides"),
        "wintransparency": ("10", "no window opacity here: give bgcolor an alpha for a translucent background"),
        "iconintaskbar": ("y", "a window shows in taskbars, a bar does not"),
        "overrideredirect": ("n", "use bar = \"top\" or \"bottom\": a dock the window manager places"),
        "shadow": ("n", "no text shadow"),
        "shadowoffset_x": ("4", "no text shadow"),
        "shadowoffset_y": ("2", "no text shadow"),
        "shadowfx": ("2", "no text shadow"),
        "linedelimiter": (" ", "only for text files in Tickr; separator goes between messages here"),
        "specialchars": ("n", "no page or tab characters in text here"),
        "newpgchar": ("`", "no page or tab characters in text here"),
        "tabchar": ("~", "no page or tab characters in text here"),
        "feedtitledelimiter": ("                ", "a feed's title is followed by \": \" here"),
        "itemtitle": ("y", "item titles are always shown"),
        "itemdescriptiondelimiter": ("        ***        ", "a description follows its title after \" — \" here"),
        "nitemsperfeed": ("0", "every item of a feed is shown"),
        "rmtags": ("y", "HTML is always removed from feed text"),
        "uppercasetext": ("n", "text is shown in its own case"),
        "homefeed": ("http://rss.cnn.com/rss/edition.rss", "no home feed: every enabled feed is shown"),
        "openlinkcmd": ("x-www-browser", "links open with xdg-open, the desktop's browser"),
        "openlinkargs": ("", "links open with xdg-open, the desktop's browser"),
        "disablepopups": ("n", "problems are one line on standard error, never a window"),
        "disableleftclick": ("n", "a click on a feed item always opens its link"),
        "mousewheelaction": ("f", "the wheel scrubs, Ctrl + wheel changes the speed"),
        "sfeedpickerautoclose": ("y", "no feed picker: edit the [[feed]] tables"),
        "enablefeedordering": ("n", "feeds are shown in the order of the [[feed]] tables"),
        "useauth": ("n", "no HTTP authentication for feeds yet"),
        "user": ("", "no HTTP authentication for feeds yet"),
        "useproxy": ("n", "set http_proxy / https_proxy in the environment (libcurl reads them)"),
        "proxyhost": ("", "set http_proxy / https_proxy in the environment (libcurl reads them)"),
        "proxyport": ("8080", "set http_proxy / https_proxy in the environment (libcurl reads them)"),
        "useproxyauth": ("n", "set http_proxy / https_proxy in the environment (libcurl reads them)"),
        "proxyuser": ("", "set http_proxy / https_proxy in the environment (libcurl reads them)"),
        "connect-timeout": ("5", "feed-timeout bounds the whole fetch (default 30 s)"),
        "sendrecv-timeout": ("1", "feed-timeout bounds the whole fetch (default 30 s)"),
    ]
}
