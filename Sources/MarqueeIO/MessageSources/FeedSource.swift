import Glibc
import MarqueeCore
import MarqueeFormats

/// `--feed`: keeps one feed's items on the board by running the fetcher (`xmarquee-feed`) once
/// per refresh and reading its records (`FeedRecord`) from a pipe.
///
/// One child per fetch rather than one that stays alive: Foundation, libcurl and the XML
/// parser (tens of MB) are resident only for the second a fetch takes, a fetcher that hangs or
/// crashes is simply killed and retried, and the state that must survive between fetches (ETag,
/// Last-Modified, the permanent address, the server's verdicts, the failure count) is tiny and
/// lives here, passed back as arguments — and in the feed's cache file (`FeedCache`), so that
/// the next run shows the last items at once and asks politely.
public final class FeedSource: MessageSource {
    public struct Settings {
        /// `--refresh`: fixed seconds between fetches; nil follows the feed's TTL.
        public var refresh: Double?
        /// Per-request timeout handed to the fetcher.
        public var timeout: Double = 30
        public var descriptions = false
        public var style = FeedItemStyle()
        /// Where the feed's last items and validators are kept between runs; nil keeps none.
        public var cache: FeedCache?
        /// `--feed-max-age`: cached items older than this many seconds are not shown at start.
        public var maxCacheAge: Double?
        public init() {}
    }

    /// When neither --refresh nor the feed says: every 15 minutes.
    public static let defaultRefresh = FeedSchedule.defaultRefresh
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
    private let schedule: FeedSchedule
    private let lifecycle: SourceLifecycle
    private let child: PeriodicChild
    /// What the cache file holds (and will hold): the last items, validators and verdicts.
    private var entry: FeedCacheEntry
    private var httpStatus: Int?
    /// Whether the items on show came from the cache and no answer has confirmed or replaced them.
    private var fromCache = false
    /// Wall-clock time of the next fetch; nil when none is planned (gone, or not started).
    private var nextFetch: Double?
    private var failures = 0
    private var lastRecovery: String?
    private var cacheWarned = false
    /// The random share of the jitter (0..<1), drawn once per source so each keeps its own beat.
    private let jitter = Double.random(in: 0..<1)
    /// Where warnings go (the tests catch them).
    public var warn: (String) -> Void {
        get { lifecycle.warn }
        set { lifecycle.warn = newValue }
    }
    /// Seconds until the next fetch, as last scheduled (for tests).
    public private(set) var lastDelay = 0.0

    /// How the feed fares, for `ctl status`.
    public var status: StatusReport.Feed {
        StatusReport.Feed(address: requestedAddress, httpStatus: httpStatus, fromCache: fromCache, gone: entry.gone,
                          nextFetch: nextFetch)
    }

    /// Throws when no timer descriptor can be had.
    public init(name: String, url: String, fetcher: String, settings: Settings) throws(SourceError) {
        self.name = name
        self.url = url
        self.fetcher = fetcher
        self.settings = settings
        schedule = FeedSchedule(refresh: settings.refresh)
        entry = FeedCacheEntry(url: url, fetchedAt: 0)
        lifecycle = SourceLifecycle(health: SourceHealth(subject: "feed \"\(url)\"", keeping: "the last items"))
        // The fetcher enforces its own timeouts; this one only catches a fetcher that hangs anyway.
        child = try PeriodicChild(source: name, launch: .init(addressSpaceLimit: Self.helperAddressSpace,
                                                              timeout: 2 * settings.timeout + 10, outputLimit: Self.outputLimit))
    }

    /// Shows the cached items at once, then fetches when the schedule (and the server) allow:
    /// at once without a cache, never for a feed that answered 410 Gone.
    public func start(on loop: EventLoop, emit: @escaping ([Message]) -> Void, outcome: @escaping (String?) -> Void) {
        lifecycle.start(on: loop, emit: emit, outcome: outcome)
        var firstFetch: Double?
        if restoreFromCache() {
            if entry.gone {
                warn("feed \"\(url)\": HTTP 410 Gone when last asked; not asked again (delete \"\(settings.cache?.path(for: url) ?? "")\" to try it again)")
                return
            }
            firstFetch = plan(after: nextTime - wallClock())
        } else {
            nextFetch = wallClock()
        }
        child.start(on: loop, firstRun: firstFetch, arguments: { [unowned self] in self.arguments }) { [unowned self] ending in
            self.nextFetch = nil
            switch ending {
            case .success(let result): self.finished(result)
            case .failure(let error): self.failed(error.description, response: nil)
            }
        }
    }

    /// Kills a fetch under way without reporting it, and disarms the timer.
    public func stop() {
        child.stop()
        lifecycle.stop()
        nextFetch = nil
    }

    /// The address asked: the one permanent redirects led to, else the one given.
    private var requestedAddress: String { entry.movedTo ?? url }

    /// The fetcher's command line for the next fetch.
    public var arguments: [String] {
        var arguments = [fetcher, "fetch", requestedAddress, "--timeout", String(settings.timeout)]
        if !entry.validators.etag.isEmpty { arguments += ["--etag", entry.validators.etag] }
        if !entry.validators.lastModified.isEmpty { arguments += ["--last-modified", entry.validators.lastModified] }
        if settings.descriptions { arguments.append("--descriptions") }
        // Always: the cache keeps the title, so --feed-title shows it at the next start too.
        arguments.append("--feed-title")
        return arguments
    }

    /// Takes in the cache's entry and shows its items when they are young enough. True when its
    /// schedule (or the server's verdict) decides the first fetch; false to fetch at once (no
    /// cache, none yet, unreadable — one warning — or items that need fetching anew).
    private func restoreFromCache() -> Bool {
        guard let cache = settings.cache, let loaded = cache.load(url) else { return false }
        switch loaded {
        case .failure(let error):
            warn("feed \"\(url)\": \(error)")
            return false
        case .success(var cached):
            if let moved = cached.movedTo, !WebAddress.isWeb(moved) {
                // Written by a version that remembered any permanent redirect.
                warn("feed \"\(url)\": the cached permanent move to \"\(moved.prefix(200))\" is not a web address; dropped, asking \"\(url)\"")
                cached.movedTo = nil
            }
            let tooOld = settings.maxCacheAge.map { wallClock() - cached.fetchedAt > $0 } ?? false
            if tooOld {
                // Too old to show; what the server said still holds.
                entry.movedTo = cached.movedTo
                entry.gone = cached.gone
                entry.notBefore = cached.notBefore
            } else {
                entry = cached
                httpStatus = cached.status
                if !cached.items.isEmpty {
                    fromCache = true
                    lifecycle.emit(messages(cached.items, feedTitle: cached.title))
                }
            }
            guard tooOld || cached.descriptions != settings.descriptions else { return true }
            // A full fetch at once (unless the server said to wait): without items on show, or
            // with text made under the other --feed-descriptions, a 304 must not confirm them.
            entry.validators = FeedRecord.Validators(ttl: cached.validators.ttl)
            entry.fetchedAt = 0
            return cached.gone || (cached.notBefore ?? 0) > wallClock()
        }
    }

    private func messages(_ items: [FeedCacheEntry.Item], feedTitle: String?) -> [Message] {
        items.map { settings.style.message($0.text, link: $0.link, feedTitle: feedTitle) }
    }

    private func finished(_ result: ChildRun.Outcome) {
        var items: [FeedCacheEntry.Item] = []
        var status: FeedRecord?
        var recovery: String?
        var response: FeedRecord.Response?
        var title: String?
        for line in TextSanitizer.decode(result.output).split(separator: "\n") {
            switch FeedRecord(line: String(line)) {
            case .item(let text, let link)?:
                items.append(.init(text: TextSanitizer.singleLine(text), link: link))
            case .warning(let text)?:
                recovery = recovery ?? TextSanitizer.singleLine(text)
            case .response(let record)?:
                response = response ?? record
            case .title(let text)?:
                title = title ?? TextSanitizer.singleLine(text)
            case let record? where status == nil:
                status = record
            default:
                break
            }
        }
        let isHTTP = requestedAddress.lowercased().hasPrefix("http")
        switch status {
        case .ok(let received)?:
            answered(response, status: isHTTP ? 200 : nil)
            entry.validators = received
            entry.items = items
            entry.title = title
            entry.descriptions = settings.descriptions
            fromCache = false
            succeeded()
            reportRecovery(recovery)
            lifecycle.emit(messages(items, feedTitle: title))
        case .notModified(let received)?:
            answered(response, status: isHTTP ? 304 : nil)
            if received.ttl != nil { entry.validators.ttl = received.ttl }
            fromCache = false
            succeeded()
        case .error(let text)?:
            failed(text, response: response)
        default:
            failed(result.failure(timeout: 2 * settings.timeout + 10, limit: Self.outputLimit)
                   ?? "the fetcher ended without a result", response: response)
        }
    }

    /// Takes in what an answer said about asking again: its status, a permanent move, how long
    /// to wait and how long it may be kept.
    private func answered(_ response: FeedRecord.Response?, status: Int?) {
        let now = wallClock()
        httpStatus = response?.status ?? status
        entry.status = httpStatus
        entry.fetchedAt = now
        entry.maxAge = response?.maxAge
        entry.notBefore = response?.retryAfter.map { FeedSchedule.notBefore(retryAfter: $0, now: now) }
        // The helper remembers only web addresses; checked again here, where the cache is written.
        if let moved = response?.movedTo, WebAddress.isWeb(moved), moved != requestedAddress {
            entry.movedTo = moved == url ? nil : moved
            warn("feed \"\(url)\": moved permanently to \"\(moved)\"; asked there from now on")
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
        saveCache()
        child.runAgain(at: plan(after: nextTime - wallClock()))
    }

    /// The next fetch after the last answer: the interval (stretched by max-age) plus this
    /// feed's jitter, never before Retry-After.
    private var nextTime: Double {
        schedule.next(after: entry.fetchedAt, ttl: entry.validators.ttl, maxAge: entry.maxAge, notBefore: entry.notBefore,
                      jitter: jitter)
    }

    /// --refresh wins; else the feed's TTL, kept between 1 minute and 1 day; else 15 minutes.
    var refreshInterval: Double { schedule.interval(ttl: entry.validators.ttl, maxAge: nil) }

    public static func retryDelay(failures: Int, refresh: Double) -> Double {
        FeedSchedule.retryDelay(failures: failures, refresh: refresh)
    }

    private func failed(_ reason: String, response: FeedRecord.Response?) {
        if let response {
            answered(response, status: nil)
            if response.status == 410 {
                // Gone for good: asking again is what a good citizen does not do.
                entry.gone = true
                saveCache()
                lifecycle.failed("\(reason); not asked again")
                return child.stop()
            }
            saveCache()
        }
        failures += 1
        // Retries that fail the same way (up to the milliseconds curl puts in its messages) stay quiet.
        lifecycle.failed(reason, kind: reason.filter { !$0.isNumber })
        let retry = Self.retryDelay(failures: failures, refresh: refreshInterval)
        child.runAgain(at: plan(after: max(retry, (entry.notBefore ?? 0) - wallClock())))
    }

    private func saveCache() {
        guard let cache = settings.cache else { return }
        if let problem = cache.save(entry) {
            if !cacheWarned { warn("feed \"\(url)\": \(problem)") }
            cacheWarned = true
        }
    }

    /// Notes the next fetch `delay` seconds from now (now, if negative) for `ctl status`, and
    /// returns it on the monotonic clock the child's timer runs on.
    private func plan(after delay: Double) -> Double {
        lastDelay = max(0, delay)
        nextFetch = wallClock() + lastDelay
        return MonotonicClock.now() + lastDelay
    }

    private func wallClock() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }
}
