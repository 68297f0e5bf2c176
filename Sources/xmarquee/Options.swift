import ArgumentParser
import FontMatching
import MarqueeCore
import MarqueeIO
import MarqueeX11

extension ScrollDirection: ExpressibleByArgument {}
extension BarEdge: ExpressibleByArgument {}
extension BarLayer: ExpressibleByArgument {}
extension DisplayBackend: ExpressibleByArgument {}
extension MotionSettings.Mode: ExpressibleByArgument {}
extension MotionSettings.Alignment: ExpressibleByArgument {}
extension MotionSettings.Start: ExpressibleByArgument {}
extension MotionPreference: ExpressibleByArgument {}
/// An option that is on or off by name (`--subpixel off`), where a flag pair would not read well.
enum Switch: String, ExpressibleByArgument, CaseIterable {
    case on, off
}

extension PixelLength: ExpressibleByArgument {
    public init?(argument: String) { self.init(parsing: argument) }
}

/// The command line: the single documented source of every option. The config file has a key
/// for each of these, named like the long option (see `Options.catalog`).
struct Options: ParsableArguments {
    @Argument(help: ArgumentHelp("Messages to scroll, one per argument. '-' reads standard input.", valueName: "text"))
    var text: [String] = []

    @Option(help: ArgumentHelp("Messages from a file, one per non-empty line; re-read when it changes.", valueName: "path"))
    var file: String?

    @Flag(inversion: .prefixedNo, exclusivity: .chooseLast,
          help: "Messages from standard input, one per line, as they arrive (same as '-').")
    var stdin = false

    @Option(help: ArgumentHelp("With standard input: how many of the latest lines to keep.", valueName: "n"))
    var keep: Int = 1

    @Option(help: ArgumentHelp("Fontconfig pattern, e.g. \"DejaVu Sans:size=16:bold\". Repeat it for more fonts: inline %{T2} selects the second. Characters a font lacks come from another font that has them.", valueName: "pattern"))
    var font: [String] = ["sans-serif:size=14"]

    @Option(help: ArgumentHelp("OpenType features in CSS font-feature-settings syntax, e.g. \"liga=0, tnum\" (kerning, ligatures and marks are on by default).", valueName: "features"))
    var fontFeatures: String = ""

    @Option(help: ArgumentHelp("Text colour: #rgb, #rrggbb, #rrggbbaa or an X11 colour name.", valueName: "color"))
    var fg: String = "#f0f0f0"

    @Option(help: ArgumentHelp("Background colour (same forms as --fg); with alpha it is translucent while a compositor runs.", valueName: "color"))
    var bg: String = "#202020"

    @Option(help: ArgumentHelp("Scrolling speed in pixels per second at 96 dpi (grows with the desktop's DPI; '120px' is exact); 0 stands the text still.", valueName: "px"))
    var speed = PixelLength(120)

    @Option(help: ArgumentHelp("Which way the text moves: left or right.", valueName: "left|right"))
    var direction: ScrollDirection = .left

    @Option(help: ArgumentHelp("Text between messages and between copies.", valueName: "text"))
    var separator: String = "   •   "

    @Flag(inversion: .prefixedNo, exclusivity: .chooseLast,
          help: "Read inline formatting (%{F#f00}, %{B#333}, %{T2}, %{A:url:}…%{A}, %%) in the text, files, commands, schedules and the clock; feed text never is.")
    var markup = true

    @Option(help: ArgumentHelp("A rounded box of this colour behind each message (same forms as --fg).", valueName: "color"))
    var itemBg: String?

    @Option(help: ArgumentHelp("Pixels before and after each message's text (default: 8 with --item-bg, else 0); scaled by DPI/96 unless given as '8px'.", valueName: "px"))
    var itemPadding: PixelLength?

    @Option(help: ArgumentHelp("Corner radius of --item-bg boxes (default: fully round ends); scaled by DPI/96 unless given as '6px'.", valueName: "px"))
    var itemRadius: PixelLength?

    @Option(help: ArgumentHelp("continuous: an endless loop; overflow: scroll only text that does not fit; bounce: slide to the end and back.", valueName: "continuous|overflow|bounce"))
    var mode: MotionSettings.Mode = .continuous

    @Option(help: ArgumentHelp("Where text that fits stands in overflow mode.", valueName: "left|center|right"))
    var align: MotionSettings.Alignment = .left

    @Option(help: ArgumentHelp("Rest this many seconds each time the start of the text returns to the edge (in bounce mode: at each end).", valueName: "seconds"),
            transform: NumberArgument.parser(0...3600, "seconds"))
    var pauseAtStart: Double = 0

    @Option(help: ArgumentHelp("One full pass of the text takes exactly this long, instead of --speed.", valueName: "seconds"),
            transform: NumberArgument.parser(0.1...86_400, "seconds"))
    var duration: Double?

    @Option(help: ArgumentHelp("Whether the text starts in view or enters from beyond the edge.", valueName: "visible|offscreen"))
    var start: MotionSettings.Start = .visible

    @Flag(inversion: .prefixedNo, exclusivity: .chooseLast, help: "Ease to a stop while the pointer is over the ticker.")
    var pauseOnHover = false

    @Flag(inversion: .prefixedNo, exclusivity: .chooseLast, help: "A click pauses and resumes (the space key always does when the window has the focus).")
    var clickToPause = false

    @Option(help: ArgumentHelp("on: the text moves by fractions of a pixel, glyphs drawn at each phase, so every speed is even on every refresh rate; off: whole pixels only (even only where speed × refresh period is whole).", valueName: "on|off"))
    var subpixel: Switch = .on

    @Option(help: ArgumentHelp("Fade the text out over this many pixels at both edges; scaled by DPI/96 unless given as '20px'.", valueName: "px"))
    var fade = PixelLength(0)

    @Option(help: ArgumentHelp("auto: follow the desktop's animation setting (XSETTINGS Gtk/EnableAnimations); always: scroll; reduced: one message at a time, standing still.", valueName: "auto|always|reduced"))
    var motion: MotionPreference = .auto

    @Option(help: ArgumentHelp("This instance's name for 'xmarquee ctl --name' (letters, digits, - and _).", valueName: "name"))
    var name: String = "default"

    @Flag(inversion: .prefixedNo, exclusivity: .chooseLast,
          help: "If an instance with this --name runs, ask it to quit and take its place (otherwise that is an error).")
    var replace = false

    @Option(help: ArgumentHelp("Window size and position, X11 style: WxH+X+Y (either part optional).", valueName: "geometry"))
    var geometry: String?

    @Option(help: ArgumentHelp("Dock as a bar on the top or bottom edge of a monitor: full width, always on top, on all desktops, its height reserved so maximized windows stop at it.", valueName: "top|bottom"))
    var bar: BarEdge?

    @Option(help: ArgumentHelp("Height in pixels (default: fits the font); scaled by DPI/96 unless given as '32px'.", valueName: "px"))
    var height: PixelLength?

    @Option(help: ArgumentHelp("The bar's monitor: its number in RandR's list (from 0) or its name, as xrandr --listmonitors shows them (default: the primary, else the first).", valueName: "n|name"),
            completion: .shellCommand("xrandr --listmonitors 2>/dev/null | awk 'NR > 1 { print $4 }'"))
    var monitor: String?

    @Flag(inversion: .prefixedNo, exclusivity: .chooseLast, help: "Keep the window above other windows (a bar always is).")
    var above = false

    @Flag(inversion: .prefixedNo, exclusivity: .chooseLast, help: "Show the window on all desktops (a bar always is).")
    var sticky = false

    @Option(help: ArgumentHelp("X display to open (default: $DISPLAY).", valueName: "name"))
    var display: String?

    @Option(help: ArgumentHelp("Display system: auto (Wayland for a bar where the compositor offers layer-shell, else X11), x11 or wayland.", valueName: "auto|x11|wayland"))
    var backend: DisplayBackend = .auto

    @Option(help: ArgumentHelp("On Wayland, the bar's layer: under windows (background, bottom) or over them (top, overlay).", valueName: "background|bottom|top|overlay"))
    var layer: BarLayer = .top

    @OptionGroup(title: "Sources") var sources: SourceOptions

    var readsStandardInput: Bool { stdin || text.contains("-") }
    var monitorChoice: MonitorChoice { monitor.map(MonitorChoice.init(parsing:)) ?? .primary }
    var messagesFromArguments: [String] {
        text.filter { $0 != "-" }.map(TextSanitizer.singleLine).filter { !$0.isEmpty }
    }

    /// Separator, padding and markup as the layout takes them, at the desktop's `scale`.
    func layoutSettings(scale: Double) -> LayoutSettings {
        let padding = itemPadding ?? PixelLength(itemBg == nil ? 0 : 8)
        return LayoutSettings(separator: separator, padding: padding.wholePixels(scale: scale), interpretsMarkup: markup)
    }

    var parsedGeometry: WindowGeometry? { geometry.flatMap(WindowGeometry.init(parsing:)) }

    var motionSettings: MotionSettings {
        var settings = MotionSettings()
        settings.mode = mode
        settings.alignment = align
        settings.pauseAtStart = pauseAtStart
        settings.duration = duration
        settings.start = start
        settings.pauseOnHover = pauseOnHover
        settings.clickToPause = clickToPause
        settings.subpixel = subpixel == .on
        return settings
    }

    mutating func validate() throws {
        guard speed.value <= 100_000 else { throw ValidationError("invalid --speed \"\(speed)\": at most 100000") }
        if let height, !(1...32767).contains(height.value) {
            throw ValidationError("invalid --height \"\(height)\": expected 1 to 32767 pixels")
        }
        if monitor == "" { throw ValidationError("invalid --monitor \"\": expected a number or a monitor name") }
        guard keep >= 1 else { throw ValidationError("invalid --keep \"\(keep)\": expected 1 or more") }
        if let geometry, WindowGeometry(parsing: geometry) == nil {
            throw ValidationError("invalid --geometry \"\(geometry)\": expected WxH+X+Y, e.g. 1920x32+0+0")
        }
        for (name, value) in [("--fg", fg), ("--bg", bg), ("--item-bg", itemBg ?? "")] where value.hasPrefix("#") && RGBAColor(hex: value) == nil {
            throw ValidationError("invalid \(name) \"\(value)\": expected #rgb, #rrggbb, #rrggbbaa or a colour name")
        }
        if font.isEmpty || font.contains(where: \.isEmpty) { throw ValidationError("invalid --font \"\": expected a fontconfig pattern") }
        guard font.count <= 9 else { throw ValidationError("invalid --font: at most 9 fonts (%{T1} to %{T9})") }
        do { _ = try FontFeatures(parsing: fontFeatures) } catch {
            throw ValidationError("invalid --font-features \"\(fontFeatures)\": \(error.description)")
        }
        for pattern in font {
            if let problem = FontPatternCheck.problem(in: pattern) { throw ValidationError("invalid --font \"\(pattern)\": \(problem)") }
        }
        if let itemPadding, !(0...1000).contains(itemPadding.value) {
            throw ValidationError("invalid --item-padding \"\(itemPadding)\": expected 0 to 1000 pixels")
        }
        if let itemRadius, !(0...1000).contains(itemRadius.value) {
            throw ValidationError("invalid --item-radius \"\(itemRadius)\": expected 0 to 1000 pixels")
        }
        guard (0...4096).contains(fade.value) else { throw ValidationError("invalid --fade \"\(fade)\": expected 0 to 4096 pixels") }
        guard ControlSocketPath.isValidName(name) else {
            throw ValidationError("invalid --name \"\(name)\": use letters, digits, - and _ (at most 64)")
        }
        separator = TextSanitizer.singleLine(separator)
    }
}
