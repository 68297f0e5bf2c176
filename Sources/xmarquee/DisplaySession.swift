import DesktopBus
import FontMatching
import MarqueeCore
import MarqueeFormats
import MarqueeIO
import TickerDriver

/// What one display system adds to the app above its backend: where the desktop's preferences
/// come from, how fonts are rendered where a pattern does not say, the surface the ticker shows
/// on. The app (`TickerApp`) and the reload (`LiveConfig`) are written once against it.
protocol DisplaySession: AnyObject {
    /// The desktop's preferences now: DPI (or the surface's scale as DPI where the display gives
    /// one, `Ticker.surfaceScale`; nil before it has), animations.
    func desktop(surfaceScale: Double?) -> DesktopPreferences
    /// Options set on the desktop itself (X resources), by option name; empty where there are none.
    var resources: [String: String] { get }
    /// Whether a translucent background can show its alpha on the surface made at start.
    var showsAlpha: Bool { get }
    /// Called when the desktop portal's preferences change (the display's own changes reach the
    /// app through the driver: `Ticker.onDesktopChange`).
    var onDesktopChange: (() -> Void)? { get set }
    /// Follows the desktop portal's settings (`PortalSettings`) where this display takes them
    /// from there: the source on Wayland, which has no XSETTINGS.
    func follow(portal: PortalSettings)
    /// How fonts are drawn at `dpi` where their pattern and fontconfig do not say.
    func fontDefaults(dpi: Double) -> FontRenderingDefaults
    /// The surface and backend for `options`, showing each lane (top to bottom) in its style and
    /// font; ends the program with one line where it cannot be made. The surface is shown once
    /// the loop runs.
    func makeBackend(options: Options, lanes: [(style: TickerStyle, font: FontSet)], loop: EventLoop) -> TickerBackend
}
