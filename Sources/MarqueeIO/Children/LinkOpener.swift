import MarqueeCore

/// Opens a clicked link (or the config file, `open(file:)`) with `xdg-open`, the desktop's own
/// choice of program.
///
/// The address is one element of an argument vector, never shell text, and only web and mail
/// addresses are opened: a feed could otherwise hand the desktop a `file:` or custom scheme. A
/// mail address goes without the fields that would attach a file (`MailtoLink`).
public final class LinkOpener {
    static let allowedSchemes = ["http://", "https://", "mailto:"]
    private let loop: EventLoop
    private var running: [ObjectIdentifier: ChildRun] = [:]

    public init(loop: EventLoop) {
        self.loop = loop
    }

    public static func isOpenable(_ link: String) -> Bool {
        let lowered = link.lowercased()
        return allowedSchemes.contains { lowered.hasPrefix($0) } && !link.contains { $0.isNewline || $0 == "\0" }
    }

    public func open(_ given: String) {
        let link = MailtoLink.withoutAttachments(given)
        guard Self.isOpenable(link) else {
            Diagnostics.warn("not opening \"\(link.prefix(200))\": only http, https and mailto links are opened")
            return
        }
        run(link)
    }

    /// Opens a file the ticker itself names (its config file, for "Edit settings"), never an
    /// address from text: the desktop's application for its type, through `xdg-open` as a link is.
    /// A relative path (`--config my.toml`) is given as ./path, so it is never read as an option.
    public func open(file path: String) {
        guard !path.isEmpty, !path.contains(where: { $0 == "\0" }) else {
            Diagnostics.warn("not opening \"\(path.prefix(200))\": not a file's path")
            return
        }
        run(path.hasPrefix("/") ? path : "./" + path)
    }

    /// `xdg-open TARGET`, one argument (no shell), watched until it ends (30 s at most).
    private func run(_ link: String) {
        let child: ChildProcess
        do {
            child = try ChildProcess(arguments: ["xdg-open", link], searchPath: true)
        } catch {
            Diagnostics.warn("cannot open \"\(link.prefix(200))\": xdg-open: \(error.description)")
            return
        }
        var key: ObjectIdentifier?
        let run = ChildRun(child: child, loop: loop, timeout: 30, outputLimit: 1 << 16) { [weak self] outcome in
            if let problem = outcome.failure(timeout: 30, limit: 1 << 16) {
                Diagnostics.warn("xdg-open \"\(link.prefix(200))\": \(problem)")
            }
            if let key { self?.running[key] = nil }
        }
        key = ObjectIdentifier(run)
        running[key!] = run
    }
}
