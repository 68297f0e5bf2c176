import DesktopBus
import MarqueeFormats
import MarqueeIO

/// The sources that live on the desktop bus (`--now-playing`, `--notifications`), made from the
/// options over one session-bus connection, opened only when one of them is asked for. Without a
/// session bus they are one warning and the ticker runs without them. It also routes the action
/// links their messages carry (a click on what plays) back to them.
final class DesktopBusSources {
    let sources: [any MessageSource]
    private let bus: BusConnection?
    private let nowPlaying: NowPlayingSource?
    private let notifications: NotificationSource?
    /// Drawn only when a bus feature is on: a run without them never touches it.
    private let actions: ActionLinks?
    /// A critical notification's text, to be shown once as an urgent message.
    var onUrgent: ((String) -> Void)? {
        didSet { notifications?.onUrgent = onUrgent }
    }
    /// What is at the ticker's reading edge now: a notification shown there has had its pass.
    var readingEdge: (() -> ReadingEdge)? {
        didSet { notifications?.readingEdge = readingEdge }
    }

    /// `actions`: this run's action links, of which the bus sources' carry theirs.
    init(options: SourceOptions, actions: ActionLinks) {
        guard options.followsPlayer || options.notifications else {
            (sources, bus, nowPlaying, notifications, self.actions) = ([], nil, nil, nil, nil)
            return
        }
        let bus: BusConnection
        do {
            bus = try BusConnection.session()
        } catch {
            if !error.alreadySaid { Diagnostics.warn("no desktop bus (\(error)); running without --now-playing and --notifications") }
            (sources, self.bus, nowPlaying, notifications, self.actions) = ([], nil, nil, nil, nil)
            return
        }
        self.bus = bus
        self.actions = actions
        var sources: [any MessageSource] = []
        if options.followsPlayer {
            let source = NowPlayingSource(bus: bus, player: options.player, format: options.playingFormat)
            source.actionLink = actions.link("play-pause")
            sources.append(source)
            nowPlaying = source
        } else {
            nowPlaying = nil
        }
        do {
            notifications = options.notifications ? try NotificationSource(bus: bus) : nil
        } catch {
            Diagnostics.warn("\(error); running without it")
            notifications = nil
        }
        if let notifications { sources.append(notifications) }
        self.sources = sources
    }

    /// Carries out `link` when it is one of ours (true), else leaves it to the opener (false).
    func route(_ link: String) -> Bool {
        guard ActionLinks.isAction(link) else { return false }
        // Of the scheme but without this run's token: forged by some text, done by nobody.
        if actions?.action(in: link) == "play-pause" { nowPlaying?.playPause() }
        return true
    }

    /// Their part of `ctl status`; nil when none was asked for.
    var state: StatusReport.DesktopBusState? {
        guard nowPlaying != nil || notifications != nil || bus == nil && !sources.isEmpty else { return nil }
        var state = StatusReport.DesktopBusState()
        state.connected = bus?.isConnected ?? false
        if let nowPlaying { state.nowPlaying = nowPlaying.text ?? "" }
        if let notifications {
            state.notifications = notifications.role.rawValue
            state.notificationsShown = notifications.shownCount
        }
        return state
    }
}
