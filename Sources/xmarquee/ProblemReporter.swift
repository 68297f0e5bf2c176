import DesktopBus
import Glibc
import MarqueeIO
import TickerDriver

/// Where a person sees what went wrong. Standard error always has it (`Diagnostics`); a reload
/// that fails also says so on the bar, in any mode. In a desktop launch (`DesktopLaunch`), where
/// standard error reaches nobody, every error and warning also goes to the journal (priority err
/// or warning) and to the desktop's notification server, each distinct line once (one that ends
/// the program is sent before it ends, waiting at most a second for the server), and a warning
/// is shown once on the bar as an urgent message; a fatal error at start becomes the bar's own
/// message. On the bar the problem is drawn in the urgent colours, and a click on it opens the
/// settings (`editLink`).
///
/// Made before the window (a problem found while starting waits), started with the loop and the
/// ticker.
final class ProblemReporter {
    let desktopLaunch: Bool
    /// The link a problem on the bar carries: the settings opened (`SettingsEditor`).
    let editLink: String
    /// Put in the journal entries as CONFIG_FILE, for `journalctl CONFIG_FILE=…`.
    var configPath: String?
    /// "Edit settings" chosen on one of our notifications (or a click on it).
    var onEditSettings: (() -> Void)?
    private var ticker: Ticker?
    private var notifier: DesktopNotifier?
    private var loop: EventLoop?
    /// What waits for the loop and the ticker: texts for the bar, notifications.
    private var waitingForBar: [String] = []
    private var waitingNotifications: [(summary: String, body: String, critical: Bool)] = []
    /// The lines already told, each told once.
    private var told: Set<String> = []

    /// The urgent colours: white on a deep red, read at a glance as trouble on a light or a dark
    /// desktop, with a contrast of 7.5:1 (WCAG AAA).
    static let urgentStyle = "F#ffffff B#a51d2d"

    init(desktopLaunch: Bool, editLink: String, configPath: String?) {
        self.desktopLaunch = desktopLaunch
        self.editLink = editLink
        self.configPath = configPath
        // Standard error reaches nobody in a desktop launch: every later problem comes here too.
        if desktopLaunch {
            Diagnostics.listener = { [unowned self] severity, message in self.heard(severity, message) }
        }
    }

    deinit {
        if desktopLaunch { Diagnostics.listener = nil }
    }

    /// The bar and the loop are there: what waited is shown and sent.
    func start(loop: EventLoop, ticker: Ticker) {
        self.loop = loop
        self.ticker = ticker
        waitingForBar.forEach(show)
        waitingForBar = []
        let notifications = waitingNotifications
        waitingNotifications = []
        for note in notifications { notify(note.summary, note.body, critical: note.critical) }
    }

    /// A desktop launch found a fatal error while starting (`message`, one line): it goes to
    /// standard error, the journal and the notification server; the caller runs the ticker on its
    /// defaults with `barText(message)` as its message.
    func startFailed(_ message: String) {
        told.insert(message)
        Diagnostics.errorLine(message)
        journal(message, priority: .error)
        notify("xmarquee could not use your settings", message + "\nIt runs on its defaults until they are fixed.", critical: true)
    }

    /// A reload (SIGHUP, the file saved) that failed: the running settings stay, and the bar says
    /// so, in any mode (standard error, the journal and the notification server had the line).
    func reloadFailed(_ message: String) {
        show(barText("\(message); keeping the running settings"))
    }

    /// `message` as the bar shows a problem: in the urgent colours, a click opening the settings.
    func barText(_ message: String) -> String {
        // The text is shown as written: a `%` in a path or a value is no formatting.
        let plain = "xmarquee: \(Self.homeAbbreviated(message)) (click to edit the settings)".replacingPercents()
        return "%{\(Self.urgentStyle) A:\(editLink):} \(plain) %{A B- F-}"
    }

    // MARK: What Diagnostics hears (a desktop launch)

    private func heard(_ severity: Diagnostics.Severity, _ message: String) {
        guard told.insert(message).inserted else { return }
        switch severity {
        case .fatal:
            journal(message, priority: .error)
            DesktopNotifier.notifyAndWait(summary: "xmarquee could not start", body: message, critical: true)
        case .error:
            journal(message, priority: .error)
            notify("xmarquee: error", message, critical: true)
        case .warning:
            journal(message, priority: .warning)
            notify("xmarquee: warning", message, critical: false)
            show(barText("warning: \(message)"))
        }
    }

    // MARK: The three places

    private func show(_ text: String) {
        guard let ticker else { return waitingForBar.append(text) }
        ticker.update { player, now in player.announce(text, assertive: true, at: now) }
    }

    private func journal(_ message: String, priority: SystemdJournal.Priority) {
        // Standard error is the journal already: the line went there with its priority.
        guard !Diagnostics.standardErrorIsJournal else { return }
        SystemdJournal.send("\(Diagnostics.program): \(message)", priority: priority, identifier: Diagnostics.program,
                            fields: configPath.map { ["CONFIG_FILE": $0] } ?? [:])
    }

    private func notify(_ summary: String, _ body: String, critical: Bool) {
        guard let loop else { return waitingNotifications.append((summary, body, critical)) }
        if notifier == nil {
            notifier = DesktopNotifier(loop: loop)
            notifier?.onAction = { [unowned self] _ in onEditSettings?() }
        }
        // A click on the notification ("default") or its button opens the settings.
        notifier?.notify(summary: summary, body: body, critical: critical,
                         actions: [("default", "Edit settings"), (SettingsEditor.action, "Edit settings")])
    }

    /// A path under the home folder as `~/…`: shorter on a bar, and what the user knows it as.
    static func homeAbbreviated(_ text: String) -> String {
        guard let home = getenv("HOME").map({ String(cString: $0) }), home.count > 1 else { return text }
        let folder = home.hasSuffix("/") ? home : home + "/"
        var result = ""
        var rest = Substring(text)
        while !rest.isEmpty {
            if rest.hasPrefix(folder) {
                result += "~/"
                rest = rest.dropFirst(folder.count)
            } else {
                result.append(rest.removeFirst())
            }
        }
        return result
    }
}

private extension String {
    /// `%` doubled, so inline formatting reads it as a literal percent sign.
    func replacingPercents() -> String {
        var result = ""
        for character in self {
            result.append(character)
            if character == "%" { result.append("%") }
        }
        return result
    }
}
