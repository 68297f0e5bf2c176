import FontMatching
import MarqueeCore
import MarqueeFormats
import MarqueeIO

/// A look the options describe that cannot be made (a font pattern fontconfig refuses).
struct LookProblem: Error {
    let message: String
}

extension Options {
    /// Colours and font from the options, pixel amounts and the font's size at the desktop's
    /// scale, the same on every display (colour names come from X's table, compiled in).
    func look(desktop: DesktopPreferences, fontDefaults: FontRenderingDefaults) -> Result<(TickerStyle, FontSet), LookProblem> {
        let scale = desktop.scale
        // Validated with the options: every colour parses.
        func color(_ spec: String) -> RGBAColor { RGBAColor(spec: spec) ?? RGBAColor(red: 0, green: 0, blue: 0) }
        let capsule = itemBg.map { CapsuleStyle(color: color($0), radius: itemRadius?.wholePixels(scale: scale)) }
        let font: FontSet
        do {
            // Validated with the options: the features parse.
            let features = (try? FontFeatures(parsing: fontFeatures)) ?? .none
            let (opened, warnings) = try FontSet.open(patterns: self.font, features: features, defaults: fontDefaults)
            warnings.forEach(Diagnostics.warn)
            font = opened
        } catch {
            return .failure(LookProblem(message: error.description))
        }
        var style = TickerStyle(foreground: color(fg), background: color(bg), speed: speed.pixels(scale: scale),
                                direction: direction, layout: layoutSettings(scale: scale), capsule: capsule,
                                motion: motionSettings, fade: fade.wholePixels(scale: scale))
        style.scale = scale
        return .success((style, font))
    }

    /// The window's or bar's height in device pixels: a geometry's height is exact (X11's
    /// convention), `--height` grows with the scale unless given in `px`, and the default fits
    /// the font (which grew too).
    func deviceHeight(fontHeight: Int, scale: Double) -> Int {
        if bar == nil, let height = parsedGeometry?.height { return height }
        return height.map { max(1, min(32767, $0.wholePixels(scale: scale))) } ?? Self.defaultHeight(fontHeight: fontHeight)
    }

    /// The font's height plus a little air above and below.
    static func defaultHeight(fontHeight: Int) -> Int {
        fontHeight + 2 * max(2, fontHeight / 5)
    }
}
