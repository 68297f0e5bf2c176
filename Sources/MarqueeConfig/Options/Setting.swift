/// Every setting of the ticker: an option on the command line, a key in the config file and, for
/// the look and the motion, an X resource. Each is declared here once (`declaration`); the raw
/// value is the long option and the config key.
public enum Setting: String, CaseIterable, Sendable {
    case text, file, stdin, keep, font
    case fontFeatures = "font-features"
    case fg, bg, speed, direction, separator, markup
    case itemBg = "item-bg"
    case itemPadding = "item-padding"
    case itemRadius = "item-radius"
    case mode, align
    case pauseAtStart = "pause-at-start"
    case hold
    case duration, start
    case pauseOnHover = "pause-on-hover"
    case clickToPause = "click-to-pause"
    case menu
    case label
    case labelFg = "label-fg"
    case labelBg = "label-bg"
    case subpixel, fade, motion, name, replace, geometry, bar, height, monitor, above, sticky, display, backend, layer
    // The live sources (`SourceOptions`).
    case feed, opml
    case feedDescriptions = "feed-descriptions"
    case feedTitle = "feed-title"
    case feedMaxAge = "feed-max-age"
    case refresh
    case feedTimeout = "feed-timeout"
    case exec, interval, schedule, clock
    case include, exclude
    // The desktop bus's sources (`SourceOptions`).
    case nowPlaying = "now-playing"
    case player
    case nowPlayingFormat = "now-playing-format"
    case notifications

    public var name: String { rawValue }

    /// Whether the setting is the whole bar's, never one lane's (`--lane`): where and how the bar
    /// is placed, the instance, the display, and what the desktop asks of every lane alike.
    public var isBarWide: Bool {
        switch self {
        case .name, .replace, .geometry, .bar, .height, .monitor, .above, .sticky, .display, .backend, .layer, .motion, .menu: true
        default: false
        }
    }

    public var declaration: OptionDeclaration {
        switch self {
        case .text:
            return .init(name, help: "Messages to scroll, one per argument. '-' reads standard input.", valueName: "text",
                         reload: .live, resource: .none)
        case .file:
            return .init(name, help: "Messages from a file, one per non-empty line; re-read when it changes.", valueName: "path",
                         reload: .restart, resource: .none, configValue: .path,
                         manual: "A file that vanishes keeps its last text on screen and is picked up again when it returns; only a regular file of at most 256 MB is read.")
        case .stdin:
            return .init(name, help: "Messages from standard input, one per line, as they arrive (same as '-').",
                         reload: .restart, resource: .none)
        case .keep:
            return .init(name, help: "With standard input: how many of the latest lines to keep.", valueName: "n",
                         reload: .restart, resource: .none,
                         manual: "1: each line replaces the text, as status-bar pipes expect; more: a rolling log, at most 1 MB of it. A line is at most 256 kB: a longer one is cut there, said once. At the end of input the last text stays.")
        case .font:
            return .init(name, help: "Fontconfig pattern, e.g. \"DejaVu Sans:size=16:bold\". Repeat it for more fonts: inline %{T2} selects the second. Characters a font lacks come from another font that has them.",
                         valueName: "pattern", reload: .look,
                         manual: "Up to nine fonts, %{T1} to %{T9}. CJK, emoji and icon characters are found this way among the installed fonts.")
        case .fontFeatures:
            return .init(name, help: "OpenType features in CSS font-feature-settings syntax, e.g. \"liga=0, tnum\" (kerning, ligatures and marks are on by default).",
                         valueName: "features", reload: .look,
                         manual: "Also \"-kern\", \"ss01\". An item HarfBuzz cannot read is an error.")
        case .fg:
            return .init(name, help: "Text colour: #rgb, #rrggbb, #rrggbbaa, rgb:r/g/b or an X11 colour name (navy, \"light slate gray\"), on X11 and Wayland alike.", valueName: "color",
                         reload: .look, resource: .named("foreground"),
                         manual: "Unset, it is #202020 while the desktop portal says the colour scheme is light, followed live.")
        case .bg:
            return .init(name, help: "Background colour (same forms as --fg); with alpha it is translucent while a compositor runs.",
                         valueName: "color", reload: .look, resource: .named("background"),
                         manual: "Unset, it is #f0f0f0 while the desktop portal says the colour scheme is light, followed live. With alpha (#rrggbbaa) the window gets a 32-bit visual and the background is translucent while a compositing manager runs, opaque in the same colour while none does; the look follows a compositor that starts or stops later.")
        case .speed:
            return .init(name, help: "Scrolling speed in pixels per second at 96 dpi (grows with the desktop's DPI; '120px' is exact); 0 stands the text still.",
                         valueName: "px", reload: .live,
                         manual: "Every option in pixels (--height, --item-padding, --item-radius, --fade) is taken at 96 dpi and grows with the desktop's DPI; with the unit, as in 120px, it is exact.")
        case .direction:
            return .init(name, help: "Which way the text moves: left or right.", valueName: "left|right", reload: .live)
        case .separator:
            return .init(name, help: "Text between messages and between copies.", valueName: "text", reload: .look)
        case .markup:
            return .init(name, help: "Read inline formatting (%{F#f00}, %{B#333}, %{T2}, %{A:url:}…%{A}, %%) in the text, files, commands, schedules and the clock; feed text never is.",
                         reload: .look,
                         manual: "%{F#rrggbb} text colour, %{B#rrggbb} a box behind the text (also #rgb, and #aarrggbb with alpha first as status bars write it), %{T2} the second font, %{A:url:}…%{A} a link, %{F-} %{B-} %{T-} back to normal, several in one tag separated by spaces, %% a percent sign. Unknown or broken tags are shown as written.")
        case .itemBg:
            return .init(name, help: "A rounded box of this colour behind each message (same forms as --fg).", valueName: "color",
                         reload: .look, resource: .named("itemBackground"))
        case .itemPadding:
            return .init(name, help: "Pixels before and after each message's text (default: 8 with --item-bg, else 0); scaled by DPI/96 unless given as '8px'.",
                         valueName: "px", reload: .look)
        case .itemRadius:
            return .init(name, help: "Corner radius of --item-bg boxes (default: fully round ends); scaled by DPI/96 unless given as '6px'.",
                         valueName: "px", reload: .look)
        case .mode:
            return .init(name, help: "continuous: an endless loop; overflow: scroll only text that does not fit; bounce: slide to the end and back; hold: the loop, each message's start standing at the reading edge for --hold seconds (a staggered crawl); roll: one message at a time, standing for its reading time, the next rolling up into its place.",
                         valueName: "continuous|overflow|bounce|hold|roll", reload: .restart,
                         manual: "In hold mode the reading edge is the left edge (beside a --label), for --direction right the right edge, where each message's end stands. No frames are drawn while it stands; a screen reader hears the message that stands. roll is a departure board: each message stands (cut with an ellipsis when wider than the bar) for 2 s plus 1 s per 15 characters, at most 20 s, then rolls up out of the bar in 0.45 s as the next rolls in, at 1/8-px vertical steps with every glyph drawn at that phase. The pointer over the bar holds the message; ctl next and the menu's Next message roll to the next at once. Reduced motion keeps its pages in every mode, without the roll.")
        case .align:
            return .init(name, help: "Where text that fits stands in overflow mode.", valueName: "left|center|right", reload: .restart)
        case .pauseAtStart:
            return .init(name, help: "Rest this many seconds each time the start of the text returns to the edge (default 0; in bounce mode: at each end, default 1).",
                         valueName: "seconds", reload: .restart,
                         manual: "No frames are drawn while resting.")
        case .hold:
            return .init(name, help: "In hold mode: seconds each message's start stands at the reading edge before the crawl moves on (default 2).",
                         valueName: "seconds", reload: .restart)
        case .duration:
            return .init(name, help: "One full pass of the text takes exactly this long, instead of --speed.", valueName: "seconds",
                         reload: .restart,
                         manual: "For talks: all the text in five minutes is --duration 300.")
        case .start:
            return .init(name, help: "Whether the text starts in view or enters from beyond the edge.", valueName: "visible|offscreen",
                         reload: .restart)
        case .pauseOnHover:
            return .init(name, help: "Ease to a stop while the pointer is over the ticker.", reload: .restart)
        case .clickToPause:
            return .init(name, help: "A click pauses and resumes (the space key always does when the window has the focus).",
                         reload: .restart)
        case .menu:
            return .init(name, help: "A right-click on the ticker (or the Menu key, Shift+F10 with the focus) opens its menu: pause, speed, next message, open the message's link, reload, edit settings, about, quit. --no-menu leaves right-clicks alone (a bar embedded in another panel).",
                         reload: .live)
        case .label:
            return .init(name, help: "A label that stands still at the left edge while the crawl runs beside it (\"BREAKING\"); a strftime form (\"%H:%M\") makes it a clock, %% a percent sign.",
                         valueName: "text", reload: .restart, resource: .none,
                         manual: "The label is as tall as the bar and as wide as its text and a margin of half the font's height each side, in the ticker's font, drawn once (a clock's once a second or a minute, as --clock ticks); the crawl starts at its edge, and --fade fades it there. A screen reader reads it before the message (\"BREAKING: …\"). On X11 it is a child window, on Wayland a subsurface: no frame repaints it.")
        case .labelFg:
            return .init(name, help: "The label's text colour (same forms as --fg; default: the ticker's background).", valueName: "color",
                         reload: .restart, resource: .none)
        case .labelBg:
            return .init(name, help: "The label's background colour, always opaque (same forms as --fg; default: the ticker's text colour).",
                         valueName: "color", reload: .restart, resource: .none)
        case .subpixel:
            return .init(name, help: "on: the text moves by fractions of a pixel, glyphs drawn at each phase, so every speed is even on every refresh rate; off: whole pixels only (even only where speed × refresh period is whole).",
                         valueName: "on|off", reload: .restart)
        case .fade:
            return .init(name, help: "Fade the text out over this many pixels at both edges; scaled by DPI/96 unless given as '20px'.",
                         valueName: "px", reload: .look)
        case .motion:
            return .init(name, help: "auto: follow the desktop's animation setting (XSETTINGS Gtk/EnableAnimations); always: scroll; reduced: one message at a time, standing still.",
                         valueName: "auto|always|reduced", reload: .live)
        case .name:
            return .init(name, help: "This instance's name for 'xmarquee ctl --name' (letters, digits, - and _).", valueName: "name",
                         reload: .restart, resource: .none,
                         manual: "A name another instance runs under is an error (status 2, naming its pid), unless --replace; a second instance left at the default name takes xmarquee-PID.")
        case .replace:
            return .init(name, help: "If an instance with this --name runs, ask it to quit and take its place (otherwise that is an error).",
                         reload: .restart)
        case .geometry:
            return .init(name, help: "Window size and position, X11 style: WxH+X+Y (either part optional). With a position on a Wayland compositor with layer-shell, and with --layer overlay on X11, it sits exactly there over other bars, reserving nothing.", valueName: "geometry",
                         reload: .restart,
                         manual: "Negative offsets count from the right or bottom; the width defaults to 800 and the height to fit the font. On X11 the size is exact device pixels at any DPI; a window manager may move a plain window (openbox keeps it out of a panel's struts), so to sit inside a panel add --layer overlay: the window is then override-redirect, placed exactly, kept above the panel (also when the panel is clicked) and above full-screen windows, never focused by a click. On Wayland a geometry with a position is a layer surface anchored at that offset from the output's corner (the bar's layer and --monitor apply), in logical pixels (at scale 2, 480x26 covers 960x52 device pixels), reserving nothing and not moved out of other bars' zones; without layer-shell (GNOME, weston) it is a window and the geometry only its size.")
        case .bar:
            return .init(name, help: "Dock as a bar on the top or bottom edge of a monitor: full width, always on top, on all desktops, its height reserved so maximized windows stop at it.",
                         valueName: "top|bottom", reload: .restart,
                         manual: "The bar is skipped by taskbars and pagers and never takes the focus. It follows its monitor when the monitor layout changes and moves to the primary monitor when its own goes away. Several instances can run at once (one bar per monitor, top and bottom).")
        case .height:
            return .init(name, help: "Height in pixels (default: fits the font); scaled by DPI/96 unless given as '32px'.", valueName: "px",
                         reload: .placement(window: true, bar: true))
        case .monitor:
            return .init(name, help: "The bar's monitor: its number in RandR's list (from 0) or its name, as xrandr --listmonitors shows them (default: the primary, else the first).",
                         valueName: "n|name", reload: .placement(window: false, bar: true))
        case .above:
            return .init(name, help: "Keep the window above other windows (a bar always is).", reload: .placement(window: true, bar: false))
        case .sticky:
            return .init(name, help: "Show the window on all desktops (a bar always is).", reload: .placement(window: true, bar: false))
        case .display:
            return .init(name, help: "X display to open (default: $DISPLAY).", valueName: "name", reload: .restart, resource: .none)
        case .backend:
            return .init(name, help: "Display system: auto (Wayland for a bar or a --geometry with a position where the compositor offers layer-shell, else X11), x11 or wayland.",
                         valueName: "auto|x11|wayland", reload: .restart, resource: .none,
                         manual: "Chosen once at start. Where the Wayland compositor has no layer-shell (GNOME, weston) a bar becomes a window there, saying so once; with neither display the start fails with status 3.")
        case .layer:
            return .init(name, help: "On Wayland, the bar's layer: under windows (background, bottom) or over them (top, overlay). On X11, overlay with a --geometry position puts the window over panels.",
                         valueName: "background|bottom|top|overlay", reload: .restart, resource: .none,
                         manual: "swaybar and waybar use the bottom layer by default; top or overlay puts a --geometry ticker above them (layer surfaces in one layer are stacked as the compositor chooses).")
        case .feed:
            return .init(name, help: "An RSS, RDF, Atom or JSON feed (http, https or file URL); item titles become messages. Settings of its own may follow the address: \"URL title='World' refresh=600 descriptions=true colour=#8cf\". Repeatable.",
                         valueName: "url", reload: .restart, resource: .none, configValue: .tables(valueKey: "url"))
        case .opml:
            return .init(name, help: "Every feed of an OPML subscription list. Repeatable.", valueName: "file", reload: .restart,
                         resource: .none, configValue: .path)
        case .feedDescriptions:
            return .init(name, help: "Follow each feed title with its description (HTML removed).", reload: .restart, resource: .none,
                         manual: "Descriptions are cut at 280 characters.")
        case .feedTitle:
            return .init(name, help: "Put each feed's own title before its items (a feed with title=… uses that).", reload: .restart,
                         resource: .none)
        case .feedMaxAge:
            return .init(name, help: "Show cached feed items at start only when fetched within this many hours.", valueName: "hours",
                         reload: .restart, resource: .none)
        case .refresh:
            return .init(name, help: "Seconds between feed fetches (default: the feed's TTL, else 900).", valueName: "seconds",
                         reload: .restart, resource: .none,
                         manual: "The TTL is the feed's <ttl> or sy:updatePeriod, kept within a minute and a day. The interval is stretched by the server's max-age (up to a day) and Retry-After, plus a random 0 to 5 %.")
        case .feedTimeout:
            return .init(name, help: "Seconds a feed fetch may take in all (default 30).", valueName: "seconds", reload: .restart, resource: .none)
        case .exec:
            return .init(name, help: "A command run every --interval; each output line is a message. Split into words like a shell would, but run without one. Repeatable.",
                         valueName: "command", reload: .restart, resource: .none,
                         manual: "Standard input is /dev/null; when a run exits 0 its non-blank output lines replace the command's messages. A non-zero exit, a signal or more than 1 MB of output is a warning with the last line the command wrote on standard error.")
        case .interval:
            return .init(name, help: "Seconds between runs of each --exec command (default 60); a run still going then is killed.", valueName: "seconds",
                         reload: .restart, resource: .none)
        case .schedule:
            return .init(name, help: "A message shown at certain times: \"WHEN|TEXT\", WHEN being HH:MM-HH:MM, MM-DD, YYYY-MM-DD and/or weekdays (mon-fri), e.g. \"mon-fri 09:00-17:00|Work hours\". Repeatable.",
                         valueName: "when|text", reload: .restart, resource: .none)
        case .include:
            return .init(name, help: "Show only messages with these words (any case, where a word starts: sport also finds Sports) or matching a /regex/ (/regex/i for any case); from every source. Repeatable: any one of them lets a message through.",
                         valueName: "pattern", reload: .restart, resource: .none,
                         manual: "Applied to what each message shows (a feed item's title, and its description with descriptions on) before anything is drawn. A feed's own include=… patterns apply on top, to its items. A regular expression is POSIX extended syntax (as grep -E), matched on UTF-8 with ASCII-only case folding; a bad one is a usage error (status 2). ctl status counts what each filter holds back.")
        case .exclude:
            return .init(name, help: "Hide messages with these words (any case, where a word starts) or matching a /regex/, from every source, e.g. --exclude sport --exclude '/^ad:/i'. Repeatable.",
                         valueName: "pattern", reload: .restart, resource: .none,
                         manual: "An exclude wins over an include. A feed's own exclude=… patterns apply on top, to its items.")
        case .clock:
            return .init(name, help: "A clock message in strftime format, e.g. \"%H:%M:%S\".", valueName: "format", reload: .restart,
                         resource: .none)
        case .nowPlaying:
            return .init(name, help: "What a media player plays (MPRIS 2 on the session bus), as --now-playing-format; a click on it plays or pauses. --now-playing=NAME follows only that player (as --player NAME).",
                         reload: .restart, resource: .none,
                         manual: "Follows the player that is playing, else the one that played last (or only --player). Updates as tracks change and players come and go; nothing is shown while no player runs. Needs a D-Bus session bus.")
        case .player:
            return .init(name, help: "With --now-playing: only this player, as playerctl -p names it (vlc for org.mpris.MediaPlayer2.vlc and its instances). Implies --now-playing.",
                         valueName: "name", reload: .restart, resource: .none)
        case .nowPlayingFormat:
            return .init(name, help: "How --now-playing shows a track: {artist}, {title}, {album}, {albumartist}, {track}, {length}, {url}, {player}; {{ and }} are braces (default \"{artist} — {title}\").",
                         valueName: "format", reload: .restart, resource: .none,
                         manual: "A missing field is empty, and the text between it and its neighbour goes with it: a track without an artist shows its title alone. An unknown field is a usage error (status 2).")
        case .notifications:
            return .init(name, help: "Show desktop notifications (summary and body); critical ones as urgent messages. Xmarquee is the notification server when none runs, else it listens beside the one that does.",
                         reload: .restart, resource: .none,
                         manual: "Each stays until its timeout (10 s when the sender leaves it to the server, at most 10 minutes) or for one pass past the reading edge, whichever ends first; one being read when its time is up finishes its pass (at most 30 s more); at most 16 are shown at once, the oldest going first. Body markup is shown as plain text. ctl status says whether xmarquee is the server or a monitor beside another. Needs a D-Bus session bus.")
        }
    }

    /// The settings a reload applies at once, for a docked bar or a plain window.
    public static func live(bar: Bool) -> Set<String> {
        Set(allCases.filter { $0.declaration.appliesLive(bar: bar) }.map(\.name))
    }

    /// The settings whose change needs the display to resolve them again (colours, fonts, lengths).
    public static let look: Set<String> = Set(allCases.filter { $0.declaration.reload == .look }.map(\.name))

    /// X resource name → setting, for every setting read from the resources.
    public static let byResourceName: [String: Setting] = {
        var result: [String: Setting] = [:]
        for setting in allCases {
            if let resource = setting.declaration.resourceName { result[resource] = setting }
        }
        return result
    }()
}
