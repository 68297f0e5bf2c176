import FontMatching
import Glibc
import MarqueeCore
import MarqueeIO
import MarqueeWayland

/// Wires the sources of messages, signals and the control socket to a Wayland bar: the same
/// parts as `TickerApp`, with a layer-shell surface where X11 has a dock window. X resources and
/// XSETTINGS do not exist there; colours are given as #rrggbb (X's colour names need its server).
struct WaylandApp {
    let options: Options
    /// GTK's settings file: the desktop's animation setting where no XSETTINGS exist.
    let gtkSettingsPath: String?

    /// Connects when WAYLAND_DISPLAY names a compositor (libwayland would otherwise try
    /// `wayland-0`, which may be someone else's); nil when there is none to reach.
    static func connect() -> WaylandDisplay? {
        guard let name = getenv("WAYLAND_DISPLAY"), name.pointee != 0 else { return nil }
        return try? WaylandDisplay(name: nil)
    }

    /// Runs a bar, or a window where the compositor has no layer-shell or no bar was asked for.
    func run(display: WaylandDisplay, asWindow: Bool, loop: EventLoop, controlPath: String?, sources: LiveSources) -> Int32 {
        let placement: WaylandPlacement = asWindow
            ? .window(width: options.parsedGeometry?.width ?? 800, title: "xmarquee")
            : .bar(edge: options.bar ?? .top, layer: options.layer, monitor: options.monitorChoice)
        // HiDPI: the font and every pixel amount at the output's scale, as X11 grows them with the DPI.
        let scale = WaylandTicker.scale(for: placement, in: display)
        let (style, font) = look(scale: Double(scale))
        // In logical pixels: `--height 40` reserves 40 whatever the scale.
        let height = (TickerApp.height(options, fontHeight: font.height, scale: style.scale) + scale - 1) / scale
        let ticker: WaylandTicker
        do {
            ticker = try WaylandTicker(display: display, placement: placement, height: height, scale: scale, font: font,
                                       style: style, loop: loop)
        } catch {
            Diagnostics.fail(error.description, status: ExitStatus.noDisplay.rawValue)
        }
        ticker.onClosed = { loop.stop(status: ExitStatus.success.rawValue) }
        ticker.setReducedMotion(options.motion.reducesMotion(desktopPreferences()))
        guard let signals = SignalWatcher(signals: [SIGINT, SIGTERM]) else {
            Diagnostics.fail("cannot set up signal handling", status: ExitStatus.internalError.rawValue)
        }
        loop.watch(signals.fd) { _ in
            if !signals.drain().isEmpty { loop.stop(status: ExitStatus.success.rawValue) }
        }
        sources.start(on: loop) { ticker.setMessages($0) }
        let opener = LinkOpener(loop: loop)
        ticker.openLink = { opener.open($0) }
        let control = ControlEndpoint.listen(path: controlPath, ticker: ticker, loop: loop) { report in
            report.motionSetting = options.motion.rawValue
            report.sources = sources.health
            report.filters = sources.filterCounts
        }
        let status = withExtendedLifetime(control) { loop.run() }
        sources.stop()
        return status
    }

    /// What the desktop asks for, read as GTK reads it on Wayland: animations from its settings
    /// file (GNOME, KDE and others keep `gtk-enable-animations` there).
    private func desktopPreferences() -> DesktopPreferences {
        let text = gtkSettingsPath.flatMap { try? FileReading.contents(of: $0, limit: 65_536) }.map { String(decoding: $0, as: UTF8.self) }
        return DesktopPreferences(xsettings: nil, xftDPIResource: nil, gtkSettings: text)
    }

    /// Colours and font from the options, pixel amounts and the font's size `scale` times the
    /// reference DPI's (the desktop's own DPI setting is not read on Wayland yet); a colour that
    /// is not #rgb, #rrggbb or #rrggbbaa is a usage error.
    private func look(scale: Double) -> (TickerStyle, FontSet) {
        func color(_ spec: String, _ option: String) -> RGBAColor {
            guard let value = RGBAColor(hex: spec) else {
                Diagnostics.fail("invalid \(option) \"\(spec)\": on Wayland a colour is #rgb, #rrggbb or #rrggbbaa",
                                 status: ExitStatus.usage.rawValue)
            }
            return value
        }
        let capsule = options.itemBg.map {
            CapsuleStyle(color: color($0, "--item-bg"), radius: options.itemRadius?.wholePixels(scale: scale))
        }
        let font: FontSet
        do {
            let features = (try? FontFeatures(parsing: options.fontFeatures)) ?? .none
            let defaults = FontRenderingDefaults(dpi: DesktopPreferences.referenceDPI * scale)
            let (opened, warnings) = try FontSet.open(patterns: options.font, features: features, defaults: defaults)
            warnings.forEach(Diagnostics.warn)
            font = opened
        } catch {
            Diagnostics.fail(error.description, status: ExitStatus.usage.rawValue)
        }
        var style = TickerStyle(foreground: color(options.fg, "--fg"), background: color(options.bg, "--bg"),
                                speed: options.speed.pixels(scale: scale), direction: options.direction,
                                layout: options.layoutSettings(scale: scale), capsule: capsule, motion: options.motionSettings,
                                fade: options.fade.wholePixels(scale: scale))
        style.scale = scale
        return (style, font)
    }
}
