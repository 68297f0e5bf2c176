import Glibc
import MarqueeConfig
import MarqueeCore
import MarqueeFormats
import MarqueeIO
import TickerDriver

/// Reloads the config file while the ticker runs (SIGHUP, or the file saved) and follows the
/// desktop (XSETTINGS and X resources, a Wayland output's scale), applying what changed without
/// restarting the motion, on any display. An invalid edit keeps the running configuration, and
/// the bar says so (`ProblemReporter.reloadFailed`).
///
/// What a change applies at once and what needs a restart is declared with each setting
/// (`OptionDeclaration.reload`). A new DPI lays everything out again at the new size and resizes
/// the window or bar.
final class LiveConfig {
    private var options: Options
    private var resolver: OptionsResolver
    private let session: DisplaySession
    private let ticker: Ticker
    private let sources: LiveSources
    private var fontHeight: Int
    private var desktop: DesktopPreferences
    private var watch: FileChangeWatch?
    private var fileChanges: EventLoop.Watch?
    /// The loop reloads run on (the helper is watched there, never waited for).
    private var loop: EventLoop?
    /// The helper reading the config file for a reload, while it runs.
    private var reading: ChildRun?
    /// A reload asked for while the helper was reading: the file may have changed since it was
    /// opened, so it is read again when the helper ends.
    private var rereadReason: String?
    /// A desktop launch running on the defaults after a fatal error, until a reload succeeds:
    /// meanwhile a desktop change must not resolve the command line without the config (the
    /// error would leave the bar without the settings being fixed).
    private var onDefaults: Bool
    private let reporter: ProblemReporter

    /// The lanes after the first (`--lane`), from the command line alone: a reload leaves them
    /// as they are; a new DPI draws them again at it.
    private let extraLanes: [Options]
    private var extraFontHeights: [Int]

    init(options: Options, extraLanes: [Options] = [], resolver: OptionsResolver, session: DisplaySession, ticker: Ticker,
         fontHeights: [Int], sources: LiveSources, desktop: DesktopPreferences, onDefaults: Bool, reporter: ProblemReporter) {
        self.options = options
        self.extraLanes = extraLanes
        extraFontHeights = Array(fontHeights.dropFirst())
        self.resolver = resolver
        self.session = session
        self.ticker = ticker
        fontHeight = fontHeights[0]
        self.sources = sources
        self.desktop = desktop
        self.onDefaults = onDefaults
        self.reporter = reporter
    }

    /// Reloads whenever the config file is saved, created or replaced. Its folder must exist;
    /// without it only SIGHUP reloads (until asked again once the menu's "Edit settings" made it).
    func watchFile(on loop: EventLoop) {
        self.loop = loop
        guard watch == nil, let path = resolver.configPath, let watch = try? FileChangeWatch(path: path) else { return }
        self.watch = watch
        fileChanges = loop.watching(watch.fd) { [unowned self] _ in
            if watch.drainEvents() { self.reload(reason: "change") }
        }
    }

    /// `--motion` as now in effect.
    var motionPreference: MotionPreference { options.motion }

    /// Reads the config file again and applies it. The helper runs beside the loop: frames and
    /// `ctl` go on while it reads, and the new configuration is applied when it ends (killed if
    /// still running after `ConfigFileReader.timeout`). On any failure the running one stays.
    func reload(reason: String) {
        guard reading == nil else {
            rereadReason = reason
            return
        }
        if let known = resolver.configWithoutHelper() {
            apply(reason: reason, config: known, desktop: desktop)
            return
        }
        guard let loop, let path = resolver.configPath else {
            apply(reason: reason, config: resolver.readConfig(), desktop: desktop)
            return
        }
        do {
            reading = try ConfigFileReader.start(path, on: loop) { [unowned self] answer in
                reading = nil
                apply(reason: reason, config: resolver.configArguments(from: answer), desktop: desktop)
                if let again = rereadReason {
                    rereadReason = nil
                    reload(reason: again)
                }
            }
        } catch {
            apply(reason: reason, config: resolver.configArguments(from: .failure(error)), desktop: desktop)
        }
    }

    /// The lanes after the first drawn again at `desktop`'s DPI: their fonts, looks, layouts and
    /// speeds in its pixels.
    private func redrawExtraLanes(at desktop: DesktopPreferences) {
        for (offset, lane) in extraLanes.enumerated() {
            guard case .success(let (style, font)) = lane.look(desktop: desktop, fontDefaults: session.fontDefaults(dpi: desktop.dpi)) else {
                continue
            }
            let index = offset + 1
            ticker.setLook(style.look, lane: index)
            ticker.setFont(font, lane: index)
            extraFontHeights[offset] = font.height
            ticker.update(lane: index) { player, now in
                player.setLayout(style.layout)
                player.setSpeed(style.speed, direction: style.direction, at: now)
            }
        }
    }

    /// The desktop changed: the DPI or an output's scale, the animation setting, or options set
    /// as X resources. Resolved against the config as last applied (not read again).
    func desktopChanged(_ preferences: DesktopPreferences, resources: [String: String]) {
        resolver.resources = resources
        resolver.colorScheme = preferences.colorScheme
        guard !onDefaults else { return }
        apply(reason: "desktop", config: .success(resolver.config), desktop: preferences)
    }

    private func apply(reason: String, config: Result<ConfigArguments, OptionsResolver.Failure>,
                       desktop newDesktop: DesktopPreferences) {
        let resolved: OptionsResolver.Resolved
        switch resolver.resolve(config: config) {
        case .success(let result): resolved = result
        case .failure(let failure):
            return failed(failure.message)
        }
        // A desktop change repeats only what concerns the X resources, not the config file's warnings.
        resolved.warnings.filter { reason != "desktop" || $0.hasPrefix("X resource") }.forEach(Diagnostics.warn)
        let new = resolved.options
        let before = Dictionary(options.settings, uniquingKeysWith: { first, _ in first })
        let after = Dictionary(new.settings, uniquingKeysWith: { first, _ in first })
        var changed = Set(before.keys).union(after.keys).filter { before[$0] != after[$0] }
        // The lanes are made at start: new [[lane]] tables need a restart.
        if case .success(let arguments) = config, arguments.lanes != resolver.config.lanes { changed.insert(ConfigArguments.laneKey) }
        let rescaled = newDesktop.dpi != desktop.dpi
        let motionChanged = newDesktop.animationsEnabled != desktop.animationsEnabled
        guard !changed.isEmpty || rescaled || motionChanged else {
            if case .success(let arguments) = config { resolver.config = arguments }
            // Asked for explicitly: say it was done. A save that changed nothing stays quiet.
            if reason == "SIGHUP" { Diagnostics.note("config reloaded (SIGHUP): nothing changed") }
            return
        }

        let needsRestart = changed.subtracting(Setting.live(bar: options.bar != nil))
        if !changed.isDisjoint(with: Setting.look) || rescaled {
            switch new.look(desktop: newDesktop, fontDefaults: session.fontDefaults(dpi: newDesktop.dpi)) {
            case .failure(let problem):
                return failed(problem.message)
            case .success(let (style, font)):
                ticker.setLook(style.look)
                ticker.update(lane: 0) { player, _ in player.setLayout(style.layout) }
                if !style.look.background.isOpaque && !session.showsAlpha {
                    // A window's visual is fixed when it is made.
                    Diagnostics.warn("config: bg has alpha, but the window was made opaque; restart xmarquee to see through it")
                }
                if changed.contains("font") || changed.contains("font-features") || rescaled {
                    ticker.setFont(font)
                    fontHeight = font.height
                }
            }
        }
        let scale = newDesktop.scale
        ticker.setScale(scale)
        ticker.update(lane: 0) { player, now in player.setSpeed(new.speed.pixels(scale: scale), direction: new.direction, at: now) }
        if rescaled { redrawExtraLanes(at: newDesktop) }
        ticker.setReducedMotion(new.motion.reducesMotion(newDesktop))
        ticker.setMenuEnabled(new.menu)
        if changed.contains("text") { sources.setArguments(new) }
        let height = new.laneHeights(fontHeights: [fontHeight] + extraFontHeights, scale: scale).reduce(0, +)
        ticker.place(PlacementUpdate(height: height, monitor: new.monitorChoice,
                                     above: changed.contains("above") ? new.above : nil,
                                     sticky: changed.contains("sticky") ? new.sticky : nil))
        if !needsRestart.isEmpty {
            Diagnostics.warn("config: \(needsRestart.sorted().joined(separator: ", ")) changed; restart xmarquee to apply")
        }
        let applied = changed.subtracting(needsRestart)
        if reason == "desktop" {
            let motion = new.motion.reducesMotion(newDesktop) ? "reduced motion" : "scrolling"
            // Default colours that changed with the colour scheme did not come from X resources.
            let fromScheme: Set<String> = newDesktop.colorScheme != desktop.colorScheme ? ["fg", "bg"] : []
            let fromResources = applied.subtracting(fromScheme)
            Diagnostics.note("desktop settings: \(Int(newDesktop.dpi.rounded())) dpi, \(motion)"
                             + (newDesktop.colorScheme == .light ? ", light colour scheme" : "")
                             + (fromResources.isEmpty ? "" : "; from X resources: \(fromResources.sorted().joined(separator: ", "))"))
        } else if !applied.isEmpty {
            Diagnostics.note("config reloaded (\(reason)): \(applied.sorted().joined(separator: ", "))")
        }
        options = new
        desktop = newDesktop
        onDefaults = false
        if case .success(let arguments) = config { resolver.config = arguments }
    }

    /// The settings could not be applied: the running ones stay, and every place a problem is
    /// told says so.
    private func failed(_ message: String) {
        Diagnostics.error("\(message); keeping the running configuration")
        reporter.reloadFailed(message)
    }
}
