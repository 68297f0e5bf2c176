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
    private let timer: FrameTimer
    private var sink: SourceSink?
    private var run: ChildRun?
    private var validators = FeedRecord.Validators()
    private var failures = 0
    private var lastWarning: String?
    private var lastRecovery: String?
    /// Given the feed's items whenever a fetch brought a list (a fetch that found nothing new emits nothing).
    /// Given each fetch's outcome: nil when it succeeded (changed or not), else the reason.
    public var warn: (String) -> Void = { Diagnostics.warn($0) }
    /// Seconds until the next fetch, as last scheduled (for tests).
    public private(set) var lastDelay = 0.0

    /// Throws when no timer descriptor can be had.
    public init(name: String, url: String, fetcher: String, settings: Settings) throws(SourceError) {
        guard let timer = FrameTimer() else { throw .noTimer(name) }
        self.name = name
        self.url = url
        self.fetcher = fetcher
        self.settings = settings
        self.timer = timer
    }

    deinit { stop() }

    /// Fetches now, then at each refresh (or retry).
    public func start(on loop: EventLoop, emit: @escaping ([Message]) -> Void, outcome: @escaping (String?) -> Void) {
        stop()
        sink = SourceSink(loop: loop, emit: emit, outcome: outcome)
        loop.watch(timer.fd) { [unowned self] _ in
            self.timer.acknowledge()
            if self.run?.isRunning != true { self.fetch() }
        }
        fetch()
    }

    /// Kills a fetch under way without reporting it, and disarms the timer.
    public func stop() {
        guard let loop = sink?.loop else { return }
        sink = nil
        loop.unwatch(timer.fd)
        timer.disarm()
        run?.cancel()
        run = nil
    }

    /// The fetcher's command line for the next fetch.
    public var arguments: [String] {
        var arguments = [fetcher, "fetch", url, "--timeout", String(settings.timeout)]
        if !validators.etag.isEmpty { arguments += ["--etag", validators.etag] }
        if !validators.lastModified.isEmpty { arguments += ["--last-modified", validators.lastModified] }
        if settings.descriptions { arguments.append("--descriptions") }
        return arguments
    }

    private func fetch() {
        guard let loop = sink?.loop else { return }
        let child: ChildProcess
        do {
            child = try ChildProcess(arguments: arguments, searchPath: false, addressSpaceLimit: Self.helperAddressSpace)
        } catch {
            failed(error.description)
            return
        }
        // The fetcher enforces its own timeouts; this one only catches a fetcher that hangs anyway.
        // Weak: `stop()` from deinit kills the run, and its report must not reach back in here.
        run = ChildRun(child: child, loop: loop, timeout: 2 * settings.timeout + 10, outputLimit: Self.outputLimit) { [weak self] outcome in
            self?.finished(outcome)
        }
    }

    private func finished(_ result: ChildRun.Outcome) {
        // A fetch killed by `stop()` is not reported.
        guard sink != nil else { return }
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
            sink?.emit(items)
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
        sink?.outcome(nil)
        if lastWarning != nil { warn("feed \"\(url)\" works again") }
        lastWarning = nil
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
        sink?.outcome(reason)
        failures += 1
        // One line per kind of failure: retries that fail the same way (up to the milliseconds
        // curl puts in its messages) stay quiet.
        let kind = reason.filter { !$0.isNumber }
        if kind != lastWarning {
            warn("feed \"\(url)\": \(reason); keeping the last items")
            lastWarning = kind
        }
        schedule(after: Self.retryDelay(failures: failures, refresh: refreshInterval))
    }

    private func schedule(after delay: Double) {
        lastDelay = delay
        timer.arm(at: MonotonicClock.now() + delay)
    }
}
