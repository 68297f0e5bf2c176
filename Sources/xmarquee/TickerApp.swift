import FontMatching
import Glibc
import MarqueeCore
import MarqueeIO
import MarqueeX11

/// Wires the sources of messages (`LiveSources`), signals and the config file to a ticker
/// window: a normal window, or a bar docked to a monitor's edge.
struct TickerApp {
    var options: Options
    var resolver: OptionsResolver
    /// GTK's settings file, asked about animations where no settings manager runs.
    let gtkSettingsPath: String?

    mutating func run() -> Int32 {
        let loop = EventLoop()

        // The instance's name first, then the sources: a name in use or a missing file is
        // reported before any window appears.
        let controlPath = ControlEndpoint.claim(name: options.name, replace: options.replace)
        let sources = LiveSources(options: options)

        let wayland = options.backend == .x11 ? nil : WaylandApp.connect()
        let x11Display = options.display != nil || getenv("DISPLAY").map { $0.pointee != 0 } == true
        switch options.backend.decide(layerShell: wayland.map(\.offersLayerShell), x11Display: x11Display, bar: options.bar != nil) {
        case .waylandBar:
            return WaylandApp(options: options, gtkSettingsPath: gtkSettingsPath).run(display: wayland!, asWindow: false, loop: loop, controlPath: controlPath,
                                                    sources: sources)
        case .waylandWindow(let note):
            if let note { Diagnostics.warn(note) }
            return WaylandApp(options: options, gtkSettingsPath: gtkSettingsPath).run(display: wayland!, asWindow: true, loop: loop, controlPath: controlPath,
                                                    sources: sources)
        case .unavailable(let reason):
            Diagnostics.fail(reason, status: ExitStatus.noDisplay.rawValue)
        case .x11:
            break
        }

        let connection: XConnection
        do {
            connection = try XConnection(name: options.display)
        } catch {
            Diagnostics.fail(error.description, status: ExitStatus.noDisplay.rawValue)
        }
        let desktop = DesktopWatch(connection: connection, gtkSettingsPath: gtkSettingsPath)
        resolver.resources = Self.resources(from: desktop)
        if !resolver.resources.isEmpty {
            // The X resources come under the config file and the command line.
            switch resolver.resolve() {
            case .success(let resolved):
                resolved.warnings.filter { $0.hasPrefix("X resource") }.forEach(Diagnostics.warn)
                options = resolved.options
            case .failure(let failure): Diagnostics.fail(failure.message, status: ExitStatus.usage.rawValue)
            }
        }
        let style: TickerStyle
        let font: FontSet
        switch Self.resolveLook(options, desktop: desktop.preferences, on: connection) {
        case .success(let look): (style, font) = look
        case .failure(let problem): Diagnostics.fail(problem.message, status: ExitStatus.usage.rawValue)
        }
        // Before the window: a translucent background needs a visual with alpha, made with it.
        if !connection.chooseSurface(translucentBackground: !style.look.background.isOpaque) {
            Diagnostics.warn("the screen offers no 32-bit visual with alpha; the background is opaque")
        }

        let window = Self.makeWindow(options, fontHeight: font.height, scale: style.scale, on: connection)
        let ticker: Ticker
        do {
            ticker = try Ticker(connection: connection, window: window.window, font: font, style: style, loop: loop)
        } catch {
            Diagnostics.fail(error.description, status: ExitStatus.internalError.rawValue)
        }
        if let bar = window.bar { ticker.addEventHandler { bar.handle(&$0) } }
        ticker.addEventHandler { desktop.handle(&$0) }
        ticker.setReducedMotion(options.motion.reducesMotion(desktop.preferences))

        let live = LiveConfig(options: options, resolver: resolver, connection: connection, ticker: ticker,
                              window: window.window, bar: window.bar, fontHeight: font.height, sources: sources,
                              desktop: desktop.preferences)
        live.watchFile(on: loop)
        desktop.onChange = { live.desktopChanged(desktop.preferences, resources: Self.resources(from: desktop)) }
        guard let signals = SignalWatcher(signals: [SIGINT, SIGTERM, SIGHUP]) else {
            Diagnostics.fail("cannot set up signal handling", status: ExitStatus.internalError.rawValue)
        }
        loop.watch(signals.fd) { _ in
            for signal in signals.drain() {
                if signal == SIGHUP { live.reload(reason: "SIGHUP") } else { loop.stop(status: ExitStatus.success.rawValue) }
            }
        }

        sources.start(on: loop) { ticker.setMessages($0) }
        let opener = LinkOpener(loop: loop)
        ticker.openLink = { opener.open($0) }
        let control = ControlEndpoint.listen(path: controlPath, ticker: ticker, loop: loop) { report in
            report.motionSetting = live.motionPreference.rawValue
            report.sources = sources.health
            report.filters = sources.filterCounts
        }
        ticker.show()
        let status = withExtendedLifetime((window, control, desktop)) { loop.run() }
        sources.stop()
        return status
    }

    /// This program's X resources, by resource name.
    static func resources(from desktop: DesktopWatch) -> [String: String] {
        desktop.resources(of: XResourceOptions.programName, className: XResourceOptions.className,
                          keys: Array(XResourceOptions.names.keys))
    }

    /// The ticker's window and, in bar mode, the dock bar that places it.
    struct AppWindow {
        let window: TickerWindow
        let bar: DockBar?
    }

    static func makeWindow(_ options: Options, fontHeight: Int, scale: Double, on connection: XConnection) -> AppWindow {
        let height = self.height(options, fontHeight: fontHeight, scale: scale)
        if let edge = options.bar {
            let bar = DockBar(connection: connection, edge: edge, height: height, choice: options.monitorChoice, title: "xmarquee")
            return AppWindow(window: bar.window, bar: bar)
        }
        let geometry = options.parsedGeometry ?? WindowGeometry()
        let width = geometry.width ?? min(800, connection.screenWidth)
        let origin = geometry.origin(windowWidth: width, windowHeight: height,
                                     screenWidth: connection.screenWidth, screenHeight: connection.screenHeight)
        let window = TickerWindow(connection: connection, width: width, height: height, position: origin, title: "xmarquee")
        var states: [WindowState] = []
        if options.above { states.append(.above) }
        if options.sticky {
            states.append(.sticky)
            window.setOnAllDesktops()
        }
        if !states.isEmpty { window.setInitialStates(states) }
        return AppWindow(window: window, bar: nil)
    }

    struct LookProblem: Error {
        let message: String
    }

    /// The window's or bar's height: a geometry's height is exact (X11's convention), `--height`
    /// grows with the DPI unless given in `px`, and the default fits the font (which grew too).
    static func height(_ options: Options, fontHeight: Int, scale: Double) -> Int {
        if options.bar == nil, let height = options.parsedGeometry?.height { return height }
        return options.height.map { max(1, min(32767, $0.wholePixels(scale: scale))) } ?? defaultHeight(fontHeight: fontHeight)
    }

    /// Colours and font from the options, pixel amounts at the desktop's DPI; a value the X
    /// server cannot resolve is a usage error.
    static func resolveLook(_ options: Options, desktop: DesktopPreferences,
                            on connection: XConnection) -> Result<(TickerStyle, FontSet), LookProblem> {
        let scale = desktop.scale
        guard let foreground = ColorSpec.resolve(options.fg, on: connection) else {
            return .failure(LookProblem(message: "invalid --fg \"\(options.fg)\": not a colour"))
        }
        guard let background = ColorSpec.resolve(options.bg, on: connection) else {
            return .failure(LookProblem(message: "invalid --bg \"\(options.bg)\": not a colour"))
        }
        var capsule: CapsuleStyle?
        if let itemBg = options.itemBg {
            guard let color = ColorSpec.resolve(itemBg, on: connection) else {
                return .failure(LookProblem(message: "invalid --item-bg \"\(itemBg)\": not a colour"))
            }
            capsule = CapsuleStyle(color: color, radius: options.itemRadius?.wholePixels(scale: scale))
        }
        let font: FontSet
        do {
            // Validated with the options: the features parse.
            let features = (try? FontFeatures(parsing: options.fontFeatures)) ?? .none
            let (opened, warnings) = try FontSet.open(patterns: options.font, features: features, dpi: desktop.dpi,
                                                      on: connection)
            warnings.forEach(Diagnostics.warn)
            font = opened
        } catch {
            return .failure(LookProblem(message: error.description))
        }
        var style = TickerStyle(foreground: foreground, background: background, speed: options.speed.pixels(scale: scale),
                                direction: options.direction, layout: options.layoutSettings(scale: scale), capsule: capsule,
                                motion: options.motionSettings, fade: options.fade.wholePixels(scale: scale))
        style.scale = scale
        return .success((style, font))
    }

    /// The font's height plus a little air above and below.
    static func defaultHeight(fontHeight: Int) -> Int {
        fontHeight + 2 * max(2, fontHeight / 5)
    }
}
