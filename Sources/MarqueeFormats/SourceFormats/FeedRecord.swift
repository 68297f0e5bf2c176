/// What `xmarquee-feed fetch` and `xmarquee-feed opml` write on standard output and the ticker
/// reads from the pipe, one `RecordLine` each (tab-separated, escaped fields). Records:
///
///     item <TAB> title <TAB> link                 one message (link may be empty)
///     feed <TAB> url                              an OPML subscription
///     ok <TAB> etag <TAB> last-modified <TAB> ttl the fetch succeeded; the items above are the
///                                                 whole feed; validators for the next request,
///                                                 the feed's own refresh time in seconds (or empty)
///     not-modified <TAB> etag <TAB> last-modified <TAB> ttl   nothing changed since the validators sent
///     error <TAB> text                            the fetch failed; keep the last good items
///     warning <TAB> text                          the feed was read despite a fault (a feed that
///                                                 is not well-formed, shown as recovered)
///     response <TAB> status <TAB> moved-to <TAB> retry-after <TAB> max-age
///                                                 what the HTTP answer said about asking again, when
///                                                 it said more than a plain 200 or 304: the status,
///                                                 the address permanent redirects led to (or empty),
///                                                 seconds to wait and seconds it may be cached (or empty)
///     title <TAB> text                            the feed's own title (with `--feed-title`)
///
/// Exactly one of ok / not-modified / error ends every run; a run that ends without one failed.
public enum FeedRecord: Equatable, Sendable {
    case item(title: String, link: String)
    case feed(url: String)
    case ok(Validators)
    case notModified(Validators)
    case error(String)
    case warning(String)
    case response(Response)
    case title(String)

    /// The caching facts of an HTTP answer (`ResponseFacts` in the helper).
    public struct Response: Equatable, Sendable {
        public var status: Int
        public var movedTo: String
        public var retryAfter: Int?
        public var maxAge: Int?

        public init(status: Int, movedTo: String = "", retryAfter: Int? = nil, maxAge: Int? = nil) {
            self.status = status
            self.movedTo = movedTo
            self.retryAfter = retryAfter
            self.maxAge = maxAge
        }
    }

    /// What the next request sends to be answered "304 Not Modified", and how soon to ask.
    public struct Validators: Equatable, Sendable {
        public var etag: String
        public var lastModified: String
        /// The feed's own refresh hint in seconds (RSS <ttl>), nil when it gives none.
        public var ttl: Int?

        public init(etag: String = "", lastModified: String = "", ttl: Int? = nil) {
            self.etag = etag
            self.lastModified = lastModified
            self.ttl = ttl
        }
    }

    public var line: String {
        let fields: [String]
        switch self {
        case .item(let title, let link): fields = ["item", title, link]
        case .feed(let url): fields = ["feed", url]
        case .ok(let v): fields = ["ok", v.etag, v.lastModified, v.ttl.map(String.init) ?? ""]
        case .notModified(let v): fields = ["not-modified", v.etag, v.lastModified, v.ttl.map(String.init) ?? ""]
        case .error(let text): fields = ["error", text]
        case .warning(let text): fields = ["warning", text]
        case .response(let r):
            fields = ["response", String(r.status), r.movedTo, r.retryAfter.map(String.init) ?? "", r.maxAge.map(String.init) ?? ""]
        case .title(let text): fields = ["title", text]
        }
        return RecordLine.line(fields)
    }

    /// Reads one line (without its newline); nil for anything that is not a record.
    public init?(line: String) {
        let fields = RecordLine.fields(Substring(line))
        func validators() -> Validators? {
            guard fields.count == 4 else { return nil }
            return Validators(etag: fields[1], lastModified: fields[2], ttl: Int(fields[3]))
        }
        switch fields.first {
        case "item" where fields.count == 3: self = .item(title: fields[1], link: fields[2])
        case "feed" where fields.count == 2: self = .feed(url: fields[1])
        case "ok": guard let v = validators() else { return nil }; self = .ok(v)
        case "not-modified": guard let v = validators() else { return nil }; self = .notModified(v)
        case "error" where fields.count == 2: self = .error(fields[1])
        case "warning" where fields.count == 2: self = .warning(fields[1])
        case "response" where fields.count == 5:
            guard let status = Int(fields[1]) else { return nil }
            self = .response(Response(status: status, movedTo: fields[2], retryAfter: Int(fields[3]), maxAge: Int(fields[4])))
        case "title" where fields.count == 2: self = .title(fields[1])
        default: return nil
        }
    }
}
