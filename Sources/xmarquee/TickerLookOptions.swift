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

    /// Each lane's height in device pixels, top to bottom, for lanes whose fonts are
    /// `fontHeights` tall: each fits its font; a height the bar is given (`--height`, a
    /// geometry's) is shared out in proportion to those, the last lane taking what rounding left.
    func laneHeights(fontHeights: [Int], scale: Double) -> [Int] {
        let natural = fontHeights.map(Self.defaultHeight(fontHeight:))
        guard natural.count > 1 else { return [deviceHeight(fontHeight: fontHeights[0], scale: scale)] }
        guard height != nil || (bar == nil && parsedGeometry?.height != nil) else { return natural }
        let total = deviceHeight(fontHeight: fontHeights[0], scale: scale)
        let sum = natural.reduce(0, +)
        var heights = natural.dropLast().map { max(1, $0 * total / sum) }
        heights.append(max(1, total - heights.reduce(0, +)))
        return heights
    }

    /// The font's height plus a little air above and below.
    static func defaultHeight(fontHeight: Int) -> Int {
        fontHeight + 2 * max(2, fontHeight / 5)
    }
}
