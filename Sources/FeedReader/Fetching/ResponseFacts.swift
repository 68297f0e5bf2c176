import CCurl
import Foundation

/// What an HTTP answer says about how to ask next time, beyond its body: the status, the
/// address a chain of permanent redirects (301, 308) led to, and how long the server asks to be
/// left alone (`Retry-After`, `Cache-Control: max-age`). Read from the headers of every hop.
public struct ResponseFacts: Equatable, Sendable {
    public var status: Int
    /// Where the leading permanent redirects (301, 308) ended; nil when the first answer was not
    /// one, or when the chain left the web (a `file:`, `ftp:` or `data:` address is never remembered).
    public var permanentAddress: String?
    /// `Retry-After` in seconds from now (a number, or an HTTP date as libcurl reads it).
    public var retryAfter: Int?
    /// `Cache-Control: max-age` in seconds.
    public var maxAge: Int?

    public init(status: Int, permanentAddress: String? = nil, retryAfter: Int? = nil, maxAge: Int? = nil) {
        self.status = status
        self.permanentAddress = permanentAddress
        self.retryAfter = retryAfter
        self.maxAge = maxAge
    }

    /// One hop of a transfer: its status and the headers that matter here (names lowercased).
    struct Hop {
        var status: Int
        var headers: [String: String]
    }

    /// The facts of a transfer from its hops, first to last; `address` is the one asked for.
    init(hops: [Hop], address: String, now: Int) {
        status = hops.last?.status ?? 0
        // Only a run of permanent redirects from the start counts: a 302 in between is temporary.
        permanentAddress = Self.follow(hops.prefix { [301, 308].contains($0.status) }, from: address)
        let last = hops.last?.headers ?? [:]
        retryAfter = last["retry-after"].flatMap { Self.seconds(retryAfter: $0, now: now) }
        maxAge = last["cache-control"].flatMap(Self.maxAge)
    }

    /// A server may answer a permanent redirect to any address, but the feed's address is the
    /// user's choice of a web page: a hop out of http(s) (libcurl refuses to follow it anyway)
    /// ends the chain with nothing to remember, so no server can make a local file the feed.
    private static func follow(_ hops: ArraySlice<Hop>, from address: String) -> String? {
        var current = address
        for hop in hops {
            guard let location = hop.headers["location"], !location.isEmpty else { return nil }
            current = URIResolver.resolve(location, against: current)
            guard URIResolver.isWebAddress(current) else { return nil }
        }
        return current == address ? nil : current
    }

    /// `Retry-After: 120` or `Retry-After: Wed, 21 Oct 2026 07:28:00 GMT` (RFC 9110 10.2.3).
    static func seconds(retryAfter value: String, now: Int) -> Int? {
        let text = value.trimmingCharacters(in: .whitespaces)
        if let seconds = Int(text) { return max(0, seconds) }
        let date = curl_getdate(text, nil)
        return date < 0 ? nil : max(0, date - now)
    }

    /// The `max-age` directive of a Cache-Control header, if any.
    static func maxAge(cacheControl value: String) -> Int? {
        for directive in value.split(separator: ",") {
            let pair = directive.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if pair.count == 2, pair[0].lowercased() == "max-age" {
                return Int(pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\""))).map { max(0, $0) }
            }
        }
        return nil
    }
}
