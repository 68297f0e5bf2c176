import MarqueeCore

/// `--feed`: keeps one feed's items on the board by running the fetcher (`xmarquee-feed`) once
/// per refresh and reading its records (`FeedRecord`) from a pipe.
///
/// One child per fetch rather than one that stays alive: Foundation, libcurl and the XML
/// parser (tens of MB) are resident only for the second a fetch takes, a fetcher that hangs or
/// crashes is simply killed and retried, and the state that must survive between fetches (ETag,
/// Last-Modified, the feed's TTL, the failure count) is tiny and lives here, passed back as
/// arguments. Starting a process every few minutes costs far less than keeping one around.
public final class FeedSource: MessageSource {
    public struct Settings {
        /// `--refresh`: fixed seconds between fetches; nil follows the feed's TTL.
        public var refresh: Double?
        /// Per-request timeout handed to the fetcher.
        public var timeout: Double = 30
        public var descriptions = false
        public init() {}
    }

    /// When neither --refresh nor the feed says: every 15 minutes.
    public static let defaultRefresh = 900.0
    /// The helper's address-space limit: no feed, however hostile, can take more of the machine.
    /// Measured on the release helper: its own mappings (Foundation, ICU, libcurl, libxml2) need
    /// about 100 MB of address space before it reads a byte, and a 5 MB feed (the cap) is read
    /// within 192 MB; 512 MB leaves room for TLS and the resolver's thread.
    public static let helperAddressSpace = 512 << 20
    /// The fetcher's records for one fetch (items of a 5 MB feed, escaped) fit well within this.
    public static let outputLimit = 16 << 20

    public let name: String
    public let url: String
    private let fetcher: String
    private let settings: Settings
    private let lifecycle: SourceLifecycle
    private let child: PeriodicChild
    private var validators = FeedRecord.Validators()
    private var failures = 0
    private var lastRecovery: String?
    /// Where warnings go (the tests catch them).
    public var warn: (String) -> Void {
        get { lifecycle.warn }
        set { lifecycle.warn = newValue }
    }
    /// Seconds until the next fetch, as last scheduled (for tests).
    public private(set) var lastDelay = 0.0

    /// Throws when no timer descriptor can be had.
    public init(name: String, url: String, fetcher: String, settings: Settings) throws(SourceError) {
        self.name = name
        self.url = url
        self.fetcher = fetcher
        self.settings = settings
        lifecycle = SourceLifecycle(health: SourceHealth(subject: "feed \"\(url)\"", keeping: "the last items"))
        // The fetcher enforces its own timeouts; this one only catches a fetcher that hangs anyway.
        child = try PeriodicChild(source: name, launch: .init(addressSpaceLimit: Self.helperAddressSpace,
                                                              timeout: 2 * settings.timeout + 10, outputLimit: Self.outputLimit))
    }

    /// Fetches now, then at each refresh (or retry).
    public func start(on loop: EventLoop, emit: @escaping ([Message]) -> Void, outcome: @escaping (String?) -> Void) {
        lifecycle.start(on: loop, emit: emit, outcome: outcome)
        child.start(on: loop, arguments: { [unowned self] in self.arguments }) { [unowned self] ending in
            switch ending {
            case .success(let result): self.finished(result)
            case .failure(let error): self.failed(error.description)
            }
        }
    }

    /// Kills a fetch under way without reporting it, and disarms the timer.
    public func stop() {
        child.stop()
        lifecycle.stop()
    }

    /// The fetcher's command line for the next fetch.
    public var arguments: [String] {
        var arguments = [fetcher, "fetch", url, "--timeout", String(settings.timeout)]
        if !validators.etag.isEmpty { arguments += ["--etag", validators.etag] }
        if !validators.lastModified.isEmpty { arguments += ["--last-modified", validators.lastModified] }
        if settings.descriptions { arguments.append("--descriptions") }
        return arguments
    }

    private func finished(_ result: ChildRun.Outcome) {
        var items: [Message] = []
        var status: FeedRecord?
        var recovery: String?
        for line in TextSanitizer.decode(result.output).split(separator: "\n") {
            switch FeedRecord(line: String(line)) {
            case .item(let title, let link)?:
                items.append(.data(TextSanitizer.singleLine(title), link: link.isEmpty ? nil : link))
            case .warning(let text)?:
                recovery = recovery ?? TextSanitizer.singleLine(text)
            case let record? where status == nil:
                status = record
            default:
                break
            }
        }
        switch status {
        case .ok(let received)?:
            validators = received
            succeeded()
            reportRecovery(recovery)
            lifecycle.emit(items)
        case .notModified(let received)?:
            if received.ttl != nil { validators.ttl = received.ttl }
            succeeded()
        case .error(let text)?:
            failed(text)
        default:
            failed(result.failure(timeout: 2 * settings.timeout + 10, limit: Self.outputLimit)
                   ?? "the fetcher ended without a result")
        }
    }

    /// A feed shown as recovered: one warning, again only when the problem changes (a feed that
    /// is fixed and breaks again the same way is told again).
    private func reportRecovery(_ recovery: String?) {
        if let recovery, recovery != lastRecovery { warn("feed \"\(url)\": \(recovery)") }
        lastRecovery = recovery
    }

    private func succeeded() {
        lifecycle.succeeded()
        failures = 0
        schedule(after: refreshInterval)
    }

    /// --refresh wins; else the feed's TTL, kept between 1 minute and 1 day; else 15 minutes.
    var refreshInterval: Double {
        if let refresh = settings.refresh { return refresh }
        if let ttl = validators.ttl { return Double(min(max(ttl, 60), 86400)) }
        return Self.defaultRefresh
    }

    /// Back-off: the first retry comes soon (a blip), each further failure doubles the wait, up to
    /// an hour (or the refresh interval, if longer) so a dead server is not hammered.
    public static func retryDelay(failures: Int, refresh: Double) -> Double {
        let first = min(refresh, 60)
        return min(first * Double(1 << min(failures - 1, 20)), max(refresh, 3600))
    }

    private func failed(_ reason: String) {
        failures += 1
        // Retries that fail the same way (up to the milliseconds curl puts in its messages) stay quiet.
        lifecycle.failed(reason, kind: reason.filter { !$0.isNumber })
        schedule(after: Self.retryDelay(failures: failures, refresh: refreshInterval))
    }

    private func schedule(after delay: Double) {
        lastDelay = delay
        child.runAgain(at: MonotonicClock.now() + delay)
    }
}
