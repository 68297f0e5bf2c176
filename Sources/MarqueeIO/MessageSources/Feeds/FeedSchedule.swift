/// When a feed is asked again, as a good citizen does: the interval the user or the feed asks
/// for, stretched by what the server says (`Cache-Control: max-age`, `Retry-After`) — never more
/// often than `--refresh`, never less often than a day — plus a small random delay so that many
/// tickers started together do not poll in step.
public struct FeedSchedule: Sendable {
    /// When neither --refresh nor the feed says: every 15 minutes.
    public static let defaultRefresh = 900.0
    /// The longest any server's word can keep a feed from being asked.
    public static let longest = 86400.0
    /// The random delay added to each interval: up to this share of it…
    public static let jitterShare = 0.05
    /// …and never more than five minutes.
    public static let jitterLimit = 300.0

    /// `--refresh` (or the feed's own `refresh`): fixed seconds between fetches; nil follows the feed.
    public var refresh: Double?

    public init(refresh: Double?) { self.refresh = refresh }

    /// --refresh wins; else the feed's TTL, kept between 1 minute and 1 day; else 15 minutes. A
    /// server's max-age longer than that stretches it, up to a day (or --refresh, if longer).
    public func interval(ttl: Int?, maxAge: Int?) -> Double {
        let base = refresh ?? ttl.map { Double(min(max($0, 60), 86400)) } ?? Self.defaultRefresh
        guard let maxAge else { return base }
        return min(max(base, Double(maxAge)), max(base, Self.longest))
    }

    /// The wall-clock time of the next fetch after one at `fetchedAt`: the interval plus `jitter`
    /// (a fraction in 0..<1 of the largest delay), and never before the server's `notBefore`.
    public func next(after fetchedAt: Double, ttl: Int?, maxAge: Int?, notBefore: Double?, jitter: Double) -> Double {
        let interval = interval(ttl: ttl, maxAge: maxAge)
        let delay = interval + min(interval * Self.jitterShare, Self.jitterLimit) * jitter
        return max(fetchedAt + delay, notBefore ?? -.infinity)
    }

    /// The time a `Retry-After` of `seconds` asks to wait until, kept within a day.
    public static func notBefore(retryAfter seconds: Int, now: Double) -> Double {
        now + min(Double(max(seconds, 0)), longest)
    }

    /// Back-off after failures: the first retry comes soon (a blip), each further failure doubles
    /// the wait, up to an hour (or the refresh interval, if longer) so a dead server is not hammered.
    public static func retryDelay(failures: Int, refresh: Double) -> Double {
        let first = min(refresh, 60)
        return min(first * Double(1 << min(failures - 1, 20)), max(refresh, 3600))
    }
}
