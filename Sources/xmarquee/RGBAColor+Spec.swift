import MarqueeCore
import MarqueeFormats

extension RGBAColor {
    /// A colour as a user writes it, the same on every display: `#rgb`, `#rrggbb`, `#rrggbbaa`,
    /// or one of X's forms (`XColorSpec`: `rgb:r/g/b`, a colour name). Nil otherwise.
    init?(spec: String) {
        if spec.hasPrefix("#") {
            self.init(hex: spec)
        } else {
            guard let (red, green, blue) = XColorSpec.channels(spec) else { return nil }
            self.init(red: red, green: green, blue: blue)
        }
    }
}
