import FontMatching
import MarqueeCore

/// What tiles are painted with: the font of the text on the strip, the look (colours, item box,
/// fade), whether a translucent background shows its alpha, the height and the pixel format.
/// Each change says whether what was painted is stale. Both backends paint through one.
public final class TileStyle {
    public private(set) var painter: TilePainter
    public private(set) var font: FontSet
    public private(set) var look: TickerLook
    /// Whether the background's alpha shows (a surface with alpha that something blends).
    public private(set) var alphaShows: Bool
    public var height: Int { painter.height }
    public var format: TileCanvas.Format { painter.format }
    /// The background as painted: the look's, or its opaque form where alpha does not show.
    public var background: RGBAColor { painter.background }

    public init(font: FontSet, look: TickerLook, alphaShows: Bool, height: Int, format: TileCanvas.Format) {
        self.font = font
        self.look = look
        self.alphaShows = alphaShows
        painter = TilePainter(font: font, look: look, background: look.shownBackground(alphaShows: alphaShows),
                              height: height, format: format)
    }

    /// Tiles are painted with the font the text on the strip was laid out with: a new font comes
    /// into use with the first frame of the text measured with it (a font change replaces all
    /// the text at once, so one font is on the strip at a time). True when it changed.
    public func adoptFont(of plan: FramePlan) -> Bool {
        guard let shaper = plan.strip?.segments.first?.content.shaper, shaper !== font,
              let newFont = shaper as? FontSet else { return false }
        font = newFont
        remakePainter()
        return true
    }

    /// New colours, fade or item box, or alpha that starts or stops showing; true when anything
    /// painted is stale.
    public func setLook(_ newLook: TickerLook, alphaShows newAlphaShows: Bool) -> Bool {
        guard newLook != look || newAlphaShows != alphaShows else { return false }
        let capsuleChanged = newLook.capsule != look.capsule
        look = newLook
        alphaShows = newAlphaShows
        if capsuleChanged {
            remakePainter()
        } else {
            painter.setColors(foreground: newLook.foreground, background: newLook.shownBackground(alphaShows: newAlphaShows))
        }
        return true
    }

    /// A new height; true when it changed (the tiles are stale).
    public func setHeight(_ newHeight: Int) -> Bool {
        guard newHeight != painter.height else { return false }
        painter.setHeight(newHeight)
        return true
    }

    private func remakePainter() {
        painter = TilePainter(font: font, look: look, background: look.shownBackground(alphaShows: alphaShows),
                              height: painter.height, format: painter.format)
    }
}
