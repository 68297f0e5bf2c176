import ArgumentParser
import MarqueeCore

extension ScrollDirection: ExpressibleByArgument {}

/// The command line: the single documented source of every option.
struct Options: ParsableArguments {
    @Argument(help: ArgumentHelp("Messages to scroll, one per argument. '-' reads standard input.", valueName: "text"))
    var text: [String] = []

    @Option(help: ArgumentHelp("Messages from a file, one per non-empty line; re-read when it changes.", valueName: "path"))
    var file: String?

    @Flag(name: .customLong("stdin"), help: "Messages from standard input, one per line, as they arrive (same as '-').")
    var readStandardInput = false

    @Option(help: ArgumentHelp("With standard input: how many of the latest lines to keep.", valueName: "n"))
    var keep: Int = 1

    @Option(help: ArgumentHelp("Fontconfig pattern, e.g. \"DejaVu Sans:size=16:bold\".", valueName: "pattern"))
    var font: String = "sans-serif:size=14"

    @Option(help: ArgumentHelp("Text colour: #rgb, #rrggbb, #rrggbbaa or an X11 colour name.", valueName: "color"))
    var fg: String = "#f0f0f0"

    @Option(help: ArgumentHelp("Background colour (same forms as --fg).", valueName: "color"))
    var bg: String = "#202020"

    @Option(help: ArgumentHelp("Scrolling speed in pixels per second; 0 stands the text still.", valueName: "px"))
    var speed: Double = 120

    @Option(help: ArgumentHelp("Which way the text moves: left or right.", valueName: "left|right"))
    var direction: ScrollDirection = .left

    @Option(help: ArgumentHelp("Text between messages and between copies.", valueName: "text"))
    var separator: String = "   •   "

    @Option(help: ArgumentHelp("Window size and position, X11 style: WxH+X+Y (either part optional).", valueName: "geometry"))
    var geometry: String?

    @Option(help: ArgumentHelp("X display to open (default: $DISPLAY).", valueName: "name"))
    var display: String?

    @OptionGroup(title: "Sources") var sources: SourceOptions

    var readsStandardInput: Bool { readStandardInput || text.contains("-") }
    var messagesFromArguments: [String] {
        text.filter { $0 != "-" }.map(TextSanitizer.singleLine).filter { !$0.isEmpty }
    }

    var parsedGeometry: WindowGeometry? { geometry.flatMap(WindowGeometry.init(parsing:)) }

    mutating func validate() throws {
        guard speed.isFinite && speed >= 0 else {
            throw ValidationError("invalid --speed \"\(speed)\": expected pixels per second, 0 or more")
        }
        guard speed <= 100_000 else { throw ValidationError("invalid --speed \"\(speed)\": at most 100000") }
        guard keep >= 1 else { throw ValidationError("invalid --keep \"\(keep)\": expected 1 or more") }
        if let geometry, WindowGeometry(parsing: geometry) == nil {
            throw ValidationError("invalid --geometry \"\(geometry)\": expected WxH+X+Y, e.g. 1920x32+0+0")
        }
        for (name, value) in [("--fg", fg), ("--bg", bg)] where value.hasPrefix("#") && RGBAColor(hex: value) == nil {
            throw ValidationError("invalid \(name) \"\(value)\": expected #rgb, #rrggbb, #rrggbbaa or a colour name")
        }
        if font.isEmpty { throw ValidationError("invalid --font \"\": expected a fontconfig pattern") }
        separator = TextSanitizer.singleLine(separator)
    }
}
