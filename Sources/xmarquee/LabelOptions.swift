import ArgumentParser
import MarqueeConfig
import MarqueeCore
import MarqueeFormats

/// The lane's fixed label (`--label`, its colours): a group of its own, so its settings sit
/// together in --help, and one lane's settings can be carried as a whole.
struct LabelOptions: ParsableArguments {
    @Option(help: .setting(.label))
    var label: String?

    @Option(help: .setting(.labelFg))
    var labelFg: String?

    @Option(help: .setting(.labelBg))
    var labelBg: String?

    /// The label's colours: its own, else the ticker's swapped (a bug reads as one block).
    func colors(foreground: RGBAColor, background: RGBAColor) -> (foreground: RGBAColor, background: RGBAColor) {
        (labelFg.flatMap { RGBAColor(spec: $0) } ?? background, labelBg.flatMap { RGBAColor(spec: $0) } ?? foreground)
    }

    /// Config-file lines for what is set (`--print-config`).
    var settings: [(key: String, value: String)] {
        [("label", label), ("label-fg", labelFg), ("label-bg", labelBg)].compactMap { key, value in
            value.map { (key, ConfigDocument.quoted($0)) }
        }
    }

    mutating func validate() throws {
        if let label, TextSanitizer.singleLine(label).isEmpty {
            throw ValidationError("invalid --label \"\(label.prefix(100))\": expected text or a strftime form such as %H:%M")
        }
        for (name, value) in [("--label-fg", labelFg), ("--label-bg", labelBg)] {
            if let value, RGBAColor(spec: value) == nil {
                throw ValidationError("invalid \(name) \"\(value)\": expected #rgb, #rrggbb, #rrggbbaa, rgb:r/g/b or an X colour name")
            }
        }
    }
}
