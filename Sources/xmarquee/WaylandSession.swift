import DesktopBus
import FontMatching
import Glibc
import MarqueeCore
import MarqueeFormats
import MarqueeIO
import MarqueeWayland
import TickerDriver
import TileRaster

/// The Wayland side of the app: the compositor's connection, a layer-shell bar or a window, and
/// the desktop's preferences as GTK reads them there (no XSETTINGS, no X resources): the
/// animation setting from the desktop portal (followed live) or else GTK's settings file, the
/// scale from the output.
final class WaylandSession: DisplaySession {
    let display: WaylandDisplay
    private let placement: WaylandPlacement
    /// The output's whole scale, the first guess before the surface's own scale is known.
    private let outputScale: Int
    private let gtkSettingsPath: String?
    let showsAlpha = true
    let resources: [String: String] = [:]
    var onDesktopChange: (() -> Void)?
    /// The portal's settings: over GTK's file where the portal says.
    private var portal: PortalSettings?

    /// Connects when WAYLAND_DISPLAY names a compositor (libwayland would otherwise try
    /// `wayland-0`, which may be someone else's); nil when there is none to reach.
    static func connect() -> WaylandDisplay? {
        guard let name = getenv("WAYLAND_DISPLAY"), name.pointee != 0 else { return nil }
        return try? WaylandDisplay(name: nil)
    }

    /// A bar, an area a `--geometry` places (layer-shell: logical pixels from the output's
    /// corner), or a window where the compositor has no layer-shell or neither was asked for (a
    /// geometry is then a size hint only, as X11 window managers may also take it).
    init(display: WaylandDisplay, asWindow: Bool, options: Options, gtkSettingsPath: String?) {
        self.display = display
        self.gtkSettingsPath = gtkSettingsPath
        let geometry = options.parsedGeometry
        if asWindow {
            placement = .window(width: geometry?.width ?? 800, title: "xmarquee")
        } else if options.bar == nil, let geometry {
            placement = .area(geometry, width: 800, layer: options.layer, monitor: options.monitorChoice)
        } else {
            placement = .bar(edge: options.bar ?? .top, layer: options.layer, monitor: options.monitorChoice)
        }
        outputScale = WaylandBackend.scale(for: placement, in: display)
    }

    /// The surface's scale (the output's until the compositor says) as a DPI (HiDPI: the font and
    /// every pixel amount grow with it, as on X11 with the desktop's DPI), and animations as GTK
    /// reads them on Wayland (GNOME, KDE and others keep `gtk-enable-animations` in its settings
    /// file).
    func desktop(surfaceScale: Double?) -> DesktopPreferences {
        let scale = surfaceScale ?? Double(outputScale)
        let text = gtkSettingsPath.flatMap { try? FileReading.contents(of: $0, limit: 65_536) }.map { String(decoding: $0, as: UTF8.self) }
        var preferences = DesktopPreferences(xsettings: nil, xftDPIResource: nil, gtkSettings: text)
        preferences.dpi = DesktopPreferences.referenceDPI * scale
        if let animations = portal?.animations { preferences.animationsEnabled = animations }
        // No settings manager says light or dark: the portal is the one source of it.
        if let scheme = portal?.colorScheme { preferences.colorScheme = scheme }
        return preferences
    }

    func follow(portal: PortalSettings) {
        self.portal = portal
        portal.onChange = { [unowned self] in self.onDesktopChange?() }
    }

    func fontDefaults(dpi: Double) -> FontRenderingDefaults { FontRenderingDefaults(dpi: dpi) }

    func makeBackend(options: Options, lanes: [(style: TickerStyle, font: FontSet)], loop: EventLoop) -> TickerBackend {
        let heights = options.laneHeights(fontHeights: lanes.map(\.font.height), scale: lanes[0].style.scale)
        // Logical pixels: `--height 40` reserves 40 whatever the scale, a geometry's height is the area's.
        let height = placement.fixedHeight ?? Int((Double(heights.reduce(0, +)) / Double(outputScale)).rounded(.up))
        let drawings = zip(lanes, heights).map { LaneDrawing(font: $0.font, look: $0.style.look, height: $1) }
        for refusal in WaylandBackend.refusals(above: options.above ? true : nil, sticky: options.sticky ? true : nil) {
            Diagnostics.warn(refusal.description)
        }
        do {
            return try WaylandBackend(display: display, placement: placement, height: height, scale: outputScale, lanes: drawings,
                                      loop: loop)
        } catch {
            Diagnostics.fail(error.description, status: ExitStatus.noDisplay.rawValue)
        }
    }
}
