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

    /// Opens a local file with the desktop's application for its type (the config file in its
    /// editor). A relative path is given as ./path, so it is never read as an option.
    public func open(file path: String) {
        run(path.hasPrefix("/") ? path : "./" + path)
    }

    /// xdg-open with `link` as its one argument (no shell), ended at 30 s.
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
