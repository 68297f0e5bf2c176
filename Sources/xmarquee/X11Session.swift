import DesktopBus
import FontMatching
import MarqueeCore
import MarqueeFormats
import MarqueeIO
import MarqueeX11
import TickerDriver
import TileRaster

/// The X11 side of the app (Xwayland included): the connection, the desktop's settings from
/// XSETTINGS and the X resources (the desktop portal where no settings manager runs), and a
/// window or a dock bar.
final class X11Session: DisplaySession {
    let connection: XConnection
    private let desktopWatch: DesktopWatch
    private(set) var showsAlpha = true
    var onDesktopChange: (() -> Void)?

    /// Ends the program with status 3 when the display cannot be opened.
    init(display: String?, gtkSettingsPath: String?) {
        do {
            connection = try XConnection(name: display)
        } catch {
            Diagnostics.fail(error.description, status: ExitStatus.noDisplay.rawValue)
        }
        desktopWatch = DesktopWatch(connection: connection, gtkSettingsPath: gtkSettingsPath)
    }

    /// The desktop portal's settings: the fallback where no XSETTINGS manager runs.
    private var portal: PortalSettings?

    func desktop(surfaceScale _: Double?) -> DesktopPreferences {
        var preferences = desktopWatch.preferences
        if !desktopWatch.hasSettingsManager, let animations = portal?.animations { preferences.animationsEnabled = animations }
        // No settings manager says light or dark: the portal is the one source of it.
        if let scheme = portal?.colorScheme { preferences.colorScheme = scheme }
        return preferences
    }

    func follow(portal: PortalSettings) {
        self.portal = portal
        portal.onChange = { [unowned self] in self.onDesktopChange?() }
    }

    var resources: [String: String] {
        desktopWatch.resources(of: XResourceOptions.programName, className: XResourceOptions.className,
                               keys: Array(XResourceOptions.names.keys))
    }

    func fontDefaults(dpi: Double) -> FontRenderingDefaults { FontRenderingDefaults(xftResourcesOf: connection, dpi: dpi) }

    func makeBackend(options: Options, lanes: [(style: TickerStyle, font: FontSet)], loop: EventLoop) -> TickerBackend {
        // Before the window: a translucent background needs a visual with alpha, made with it.
        showsAlpha = connection.chooseSurface(translucentBackground: lanes.contains { !$0.style.look.background.isOpaque })
        if !showsAlpha { Diagnostics.warn("the screen offers no 32-bit visual with alpha; the background is opaque") }
        let heights = options.laneHeights(fontHeights: lanes.map(\.font.height), scale: lanes[0].style.scale)
        let (window, bar) = makeWindow(options, height: heights.reduce(0, +))
        let drawings = zip(lanes, heights).map { LaneDrawing(font: $0.font, look: $0.style.look, height: $1) }
        do {
            return try X11Backend(connection: connection, window: window, bar: bar, desktop: desktopWatch, lanes: drawings, loop: loop)
        } catch {
            Diagnostics.fail(error.description, status: ExitStatus.internalError.rawValue)
        }
    }

    /// The ticker's window and, in bar mode, the dock bar that places it.
    private func makeWindow(_ options: Options, height: Int) -> (TickerWindow, DockBar?) {
        if let edge = options.bar {
            let bar = DockBar(connection: connection, edge: edge, height: height, choice: options.monitorChoice, title: "xmarquee")
            return (bar.window, bar)
        }
        let geometry = options.parsedGeometry ?? WindowGeometry()
        let width = geometry.width ?? min(800, connection.screenWidth)
        let origin = geometry.origin(windowWidth: width, windowHeight: height,
                                     screenWidth: connection.screenWidth, screenHeight: connection.screenHeight)
        let window = TickerWindow(connection: connection, width: width, height: height, position: origin, title: "xmarquee")
        if options.layer == .overlay, origin != nil {
            // Over a panel (polybar, tint2, a dock): exactly where asked, reserving nothing, and
            // kept above it. A dock-type window is not enough: openbox keeps docks in one layer
            // and raises a clicked panel over it. Override-redirect, as polybar's own option.
            window.bypassWindowManager()
            return (window, nil)
        }
        var states: [WindowState] = []
        if options.above { states.append(.above) }
        if options.sticky {
            states.append(.sticky)
            window.setOnAllDesktops()
        }
        if !states.isEmpty { window.setInitialStates(states) }
        return (window, nil)
    }
}
