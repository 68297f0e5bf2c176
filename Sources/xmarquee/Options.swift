import ArgumentParser
import FontMatching
import MarqueeCore
import MarqueeFormats
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

/// The command line. Each option is declared once in `Setting` (its help, what a reload does with
/// it, its X resource, its config key); a property here gives it its Swift type, its default and
/// its checks, and is named like the setting so ArgumentParser's long name is the setting's.
struct Options: ParsableArguments {
    @Argument(help: .setting(.text))
    var text: [String] = []

    @Option(help: .setting(.file))
    var file: String?

    @Flag(inversion: .prefixedNo, exclusivity: .chooseLast, help: .setting(.stdin))
    var stdin = false

    @Option(help: .setting(.keep))
    var keep: Int = 1

    @Option(help: .setting(.font))
    var font: [String] = ["sans-serif:size=14"]

    @Option(help: .setting(.fontFeatures))
    var fontFeatures: String = ""

    @Option(help: .setting(.fg))
    var fg: String = "#f0f0f0"

    @Option(help: .setting(.bg))
    var bg: String = "#202020"

    @Option(help: .setting(.speed))
    var speed = PixelLength(120)

    @Option(help: .setting(.direction))
    var direction: ScrollDirection = .left

    @Option(help: .setting(.separator))
    var separator: String = "   •   "

    @Flag(inversion: .prefixedNo, exclusivity: .chooseLast, help: .setting(.markup))
    var markup = true

    @Option(help: .setting(.itemBg))
    var itemBg: String?

    @Option(help: .setting(.itemPadding))
    var itemPadding: PixelLength?

    @Option(help: .setting(.itemRadius))
    var itemRadius: PixelLength?

    @Option(help: .setting(.mode))
    var mode: MotionSettings.Mode = .continuous

    @Option(help: .setting(.align))
    var align: MotionSettings.Alignment = .left

    @Option(help: .setting(.pauseAtStart),
            transform: NumberArgument.parser(0...3600, "seconds"))
    var pauseAtStart: Double = 0

    @Option(help: .setting(.hold),
            transform: NumberArgument.parser(0.1...3600, "seconds"))
    var hold: Double = MotionSettings.defaultHold

    @Option(help: .setting(.duration),
            transform: NumberArgument.parser(0.1...86_400, "seconds"))
    var duration: Double?

    @Option(help: .setting(.start))
    var start: MotionSettings.Start = .visible

    @Flag(inversion: .prefixedNo, exclusivity: .chooseLast, help: .setting(.pauseOnHover))
    var pauseOnHover = false

    @Flag(inversion: .prefixedNo, exclusivity: .chooseLast, help: .setting(.clickToPause))
    var clickToPause = false

    @Flag(inversion: .prefixedNo, exclusivity: .chooseLast, help: .setting(.menu))
    var menu = true

    @Option(help: .setting(.subpixel))
    var subpixel: Switch = .on

    @Option(help: .setting(.fade))
    var fade = PixelLength(0)

    @Option(help: .setting(.motion))
    var motion: MotionPreference = .auto

    @Option(help: .setting(.name))
    var name: String = "default"

    @Flag(inversion: .prefixedNo, exclusivity: .chooseLast, help: .setting(.replace))
    var replace = false

    @Option(help: .setting(.geometry))
    var geometry: String?

    @Option(help: .setting(.bar))
    var bar: BarEdge?

    @Option(help: .setting(.height))
    var height: PixelLength?

    @Option(help: .setting(.monitor),
            completion: .shellCommand("xrandr --listmonitors 2>/dev/null | awk 'NR > 1 { print $4 }'"))
    var monitor: String?

    @Flag(inversion: .prefixedNo, exclusivity: .chooseLast, help: .setting(.above))
    var above = false

    @Flag(inversion: .prefixedNo, exclusivity: .chooseLast, help: .setting(.sticky))
    var sticky = false

    @Option(help: .setting(.display))
    var display: String?

    @Option(help: .setting(.backend))
    var backend: DisplayBackend = .auto

    @Option(help: .setting(.layer))
    var layer: BarLayer = .top

    @OptionGroup(title: "Sources") var sources: SourceOptions

    @OptionGroup(title: "Label") var labelSettings: LabelOptions

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
        settings.hold = hold
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
        for (name, value) in [("--fg", fg), ("--bg", bg), ("--item-bg", itemBg ?? "#000")] where RGBAColor(spec: value) == nil {
            throw ValidationError("invalid \(name) \"\(value)\": expected #rgb, #rrggbb, #rrggbbaa, rgb:r/g/b or an X colour name")
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
