import DesktopBus
import FontMatching
import Glibc
import MarqueeCore
import MarqueeFormats
import MarqueeIO
import TickerDriver

/// Wires the sources of messages (`LiveSources`), signals, the config file and the control socket
/// to one ticker, on whichever display it runs: the same path for X11 and Wayland, which differ
/// only in their `DisplaySession`.
struct TickerApp {
    /// The bar's options and its first lane's.
    var options: Options
    /// Each lane after the first (`--lane`): its own sources, look and label.
    var extraLanes: [Options]
    var resolver: OptionsResolver
    /// A desktop launch that found a fatal error: the defaults, the error as the message, until a
    /// reload brings settings that work.
    var runsOnDefaults: Bool
    let reporter: ProblemReporter
    /// This run's action links (a click that asks the ticker to act, not to open an address).
    let actions: ActionLinks
    /// GTK's settings file, asked about animations where no settings manager runs.
    let gtkSettingsPath: String?

    /// Runs the ticker to its end; its exit status. What stops it from starting ends the program,
    /// but in a desktop launch it starts again, once, on the defaults with the problem as its
    /// message (as a fatal error in the options or the config file does, `XMarquee.main`).
    mutating func run() -> Int32 {
        while true {
            do {
                return try start()
            } catch {
                guard reporter.desktopLaunch, !runsOnDefaults else { Diagnostics.fail(error.message, status: error.status.rawValue) }
                reporter.startFailed(error.message)
                options = DesktopLaunch.fallback(showing: reporter.barText(error.message)).options
                extraLanes = []
                runsOnDefaults = true
            }
        }
    }

    private mutating func start() throws(StartFailure) -> Int32 {
        let loop = EventLoop()

        // The instance's name first, then the sources: a name in use or a missing file is
        // reported before any window appears.
        let controlPath = ControlEndpoint.claim(name: options.name, replace: options.replace)
        let desktopBus = DesktopBusSources(options: options.sources, actions: actions)
        let sources = try LiveSources(options: options, busSources: desktopBus.sources)
        let laneBuses = extraLanes.map { DesktopBusSources(options: $0.sources, actions: actions) }
        var laneSources: [LiveSources] = []
        for (lane, bus) in zip(extraLanes, laneBuses) { laneSources.append(try LiveSources(options: lane, busSources: bus.sources)) }
        let session = openSession()

        resolver.resources = session.resources
        // On the defaults the config is not read again: its error is on the bar already.
        if !resolver.resources.isEmpty && !runsOnDefaults {
            // The X resources come under the config file and the command line.
            switch resolver.resolve() {
            case .success(let resolved):
                resolved.warnings.filter { $0.hasPrefix("X resource") }.forEach(Diagnostics.warn)
                options = resolved.options
            case .failure(let failure): throw StartFailure(message: failure.message, status: .usage)
            }
        }
        let desktop = session.desktop(surfaceScale: nil)
        var looks: [(style: TickerStyle, font: FontSet)] = []
        for lane in [options] + extraLanes {
            switch lane.look(desktop: desktop, fontDefaults: session.fontDefaults(dpi: desktop.dpi)) {
            case .success(let look): looks.append(look)
            case .failure(let problem): throw StartFailure(message: problem.message, status: .usage)
            }
        }

        let backend = session.makeBackend(options: options, lanes: looks, loop: loop)
        let ticker: Ticker
        do {
            ticker = try Ticker(backend: backend, lanes: looks.map { LaneSetup(style: $0.style, shaper: $0.font) },
                                reordering: BidiReordering(), loop: loop)
        } catch {
            Diagnostics.fail(error.description, status: ExitStatus.internalError.rawValue)
        }
        ticker.setReducedMotion(options.motion.reducesMotion(desktop))

        let live = LiveConfig(options: options, extraLanes: extraLanes, resolver: resolver, session: session, ticker: ticker,
                              fontHeights: looks.map(\.font.height), sources: sources, desktop: desktop,
                              onDefaults: runsOnDefaults, reporter: reporter)
        live.watchFile(on: loop)
        let desktopChanged = { [unowned session, unowned ticker] in
            live.desktopChanged(session.desktop(surfaceScale: ticker.surfaceScale), resources: session.resources)
        }
        // The display's settings (XSETTINGS, resources; a Wayland surface's scale, which is the
        // desktop's DPI there) come through the driver, the portal's through the session.
        ticker.onDesktopChange = desktopChanged
        session.onDesktopChange = desktopChanged
        // The desktop portal's settings, followed live (quietly nothing without a session bus).
        if let portal = PortalSettings.follow(on: loop) { session.follow(portal: portal) }
        guard let signals = SignalWatcher(signals: [SIGINT, SIGTERM, SIGHUP]) else {
            Diagnostics.fail("cannot set up signal handling", status: ExitStatus.internalError.rawValue)
        }
        loop.watch(signals.fd) { _ in
            for signal in signals.drain() {
                if signal == SIGHUP { live.reload(reason: "SIGHUP") } else { loop.stop(status: ExitStatus.success.rawValue) }
            }
        }

        sources.start(on: loop) { ticker.setMessages($0) }
        for (index, lane) in laneSources.enumerated() {
            lane.start(on: loop) { groups in ticker.update(lane: index + 1) { player, _ in player.setMessages(groups) } }
        }
        let labels = ([options] + extraLanes).enumerated().map { index, lane in
            lane.labelSettings.label.map {
                LabelClock(format: $0, lane: index, colors: lane.labelSettings.colors(foreground: looks[index].style.look.foreground,
                                                                                     background: looks[index].style.look.background))
            }
        }
        for label in labels { label?.start(on: loop, ticker: ticker) }
        // After the sources: with --notifications the ticker asks for the notification server's
        // name first, so the reporter's question who owns it finds the ticker, not nobody.
        reporter.start(loop: loop, ticker: ticker)
        let opener = LinkOpener(loop: loop)
        let editor = SettingsEditor(path: resolver.configPath, opener: opener, live: live, loop: loop)
        reporter.onEditSettings = { editor.open() }
        ticker.openLink = { [actions] link in
            if actions.action(in: link) == SettingsEditor.action { return editor.open() }
            if !([desktopBus] + laneBuses).contains(where: { $0.route(link) }) { opener.open(link) }
        }
        MenuCommands(ticker: ticker, live: live, editor: editor).wire(enabled: options.menu)
        for (index, bus) in ([desktopBus] + laneBuses).enumerated() {
            bus.onUrgent = { text in ticker.update(lane: index) { player, now in player.announce(text, assertive: true, at: now) } }
            bus.readingEdge = { [unowned ticker] in ticker.readingEdge(ofLane: index) }
        }
        // A screen reader hears the ticker where an accessibility bus runs (quietly nothing elsewhere).
        let screenReader = AccessibilityBus.join(on: loop, name: Diagnostics.program, version: XMarquee.version,
                                                 message: { [unowned ticker] in ticker.accessibleName },
                                                 showing: { [unowned ticker] in ticker.isShowing })
        ticker.onAnnouncement = { screenReader?.application?.announce($0) }
        ticker.menu.onChange = { screenReader?.application?.showMenu($0?.labels) }
        ticker.menu.onHighlight = { screenReader?.application?.focusMenuItem($0) }
        let control = ControlEndpoint.listen(path: controlPath, ticker: ticker, loop: loop) { report in
            report.motionSetting = live.motionPreference.rawValue
            report.sources = sources.health
            report.filters = sources.filterCounts
            report.desktopBus = desktopBus.state
        }
        let status = withExtendedLifetime((session, control, desktopBus, laneBuses, screenReader)) { loop.run() }
        sources.stop()
        laneSources.forEach { $0.stop() }
        for label in labels { label?.stop() }
        return status
    }

    /// The display to run on, as `--backend` and the surroundings decide.
    private func openSession() -> DisplaySession {
        let wayland = options.backend == .x11 ? nil : WaylandSession.connect()
        let x11Display = options.display != nil || getenv("DISPLAY").map { $0.pointee != 0 } == true
        switch options.backend.decide(layerShell: wayland.map(\.offersLayerShell), x11Display: x11Display,
                                     bar: options.bar != nil || options.parsedGeometry?.x != nil) {
        case .waylandBar:
            return WaylandSession(display: wayland!, asWindow: false, options: options, gtkSettingsPath: gtkSettingsPath)
        case .waylandWindow(let note):
            if let note { Diagnostics.warn(note) }
            return WaylandSession(display: wayland!, asWindow: true, options: options, gtkSettingsPath: gtkSettingsPath)
        case .unavailable(let reason):
            Diagnostics.fail(reason, status: ExitStatus.noDisplay.rawValue)
        case .x11:
            return X11Session(display: options.display, gtkSettingsPath: gtkSettingsPath)
        }
    }
}
