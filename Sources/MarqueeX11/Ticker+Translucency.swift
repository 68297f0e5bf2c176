import CX11

/// A translucent background follows the compositor: its alpha while one runs, opaque while
/// none does, switching live when one starts or stops.
extension Ticker {
    /// True while the background is painted with its own alpha.
    var backgroundAlphaShows: Bool { compositor?.isRunning ?? false }

    func watchCompositor() {
        guard let compositor else { return }
        compositor.onChange = { [unowned self] _ in self.repaintInShownColors() }
        addEventHandler { compositor.handle(&$0) }
    }

    /// Paints everything again in the style's colours as they can be shown now: new tiles, a new
    /// fade, and the window at once (static text gets no frame that would do it).
    func repaintInShownColors() {
        let background = style.shownBackground(alphaShows: backgroundAlphaShows)
        painter.setColors(foreground: style.foreground, background: background)
        fade = EdgeFade(connection: connection, width: style.fade, background: background)
        timeline?.segments.forEach { $0.content.releaseTiles() }
        drawNow()
    }
}
