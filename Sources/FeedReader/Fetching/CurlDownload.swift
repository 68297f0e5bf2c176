import CCurl
import Foundation

/// One http(s) transfer with libcurl's easy interface, with limits that hold while it runs:
///
/// - the size cap counts decoded bytes (libcurl inflates gzip, deflate and brotli as they come,
///   `CURLOPT_ACCEPT_ENCODING ""` offering each it was built with), and the write callback stops
///   the transfer the moment the cap is passed — a 2 GB gzip bomb costs the cap and no more;
///   a Content-Length over the cap is refused before the body is read;
/// - a total timeout, and a low-speed limit, so a server trickling bytes meets the deadline;
/// - redirects limited in number and to http and https (a server cannot point it at a file);
/// - proxies from the environment (`http_proxy`, `https_proxy`, `all_proxy`, `no_proxy`), as
///   libcurl reads them.
final class CurlDownload {
    private let limits: FeedFetcher.Limits
    private var body = Data()
    private var overflowed = false
    private var headers: [String: String] = [:]
    private var hops: [ResponseFacts.Hop] = []
    /// The answer's status and caching facts, once a transfer got one (also when it failed).
    private(set) var facts: ResponseFacts?

    private static let initialised: Bool = curl_global_init(Int(CURL_GLOBAL_DEFAULT)) == CURLE_OK

    init(limits: FeedFetcher.Limits) { self.limits = limits }

    func run(_ address: String, etag: String, lastModified: String) throws(FeedFetcher.FetchError) -> FeedFetcher.Outcome {
        guard Self.initialised, let curl = curl_easy_init() else { throw .init("libcurl could not start") }
        defer { curl_easy_cleanup(curl) }
        var requestHeaders: UnsafeMutablePointer<curl_slist>?
        defer { curl_slist_free_all(requestHeaders) }
        for header in ["Accept: application/rss+xml, application/atom+xml, application/feed+json, application/rdf+xml, application/xml;q=0.9, text/xml;q=0.9, application/json;q=0.8, */*;q=0.5"]
            + (etag.isEmpty ? [] : ["If-None-Match: \(etag)"]) + (lastModified.isEmpty ? [] : ["If-Modified-Since: \(lastModified)"]) {
            requestHeaders = curl_slist_append(requestHeaders, header)
        }
        var errorText = [CChar](repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
        let timeoutMilliseconds = max(1, Int(limits.timeout * 1000))
        let context = Unmanaged.passUnretained(self).toOpaque()
        let code: CURLcode = errorText.withUnsafeMutableBufferPointer { errorBuffer in
            _ = xm_curl_set_string(curl, CURLOPT_URL, address)
            _ = xm_curl_set_string(curl, CURLOPT_PROTOCOLS_STR, "http,https")
            _ = xm_curl_set_string(curl, CURLOPT_REDIR_PROTOCOLS_STR, "http,https")
            _ = xm_curl_set_long(curl, CURLOPT_FOLLOWLOCATION, 1)
            _ = xm_curl_set_long(curl, CURLOPT_MAXREDIRS, limits.maxRedirects)
            _ = xm_curl_set_string(curl, CURLOPT_ACCEPT_ENCODING, "")
            _ = xm_curl_set_string(curl, CURLOPT_USERAGENT, "xmarquee-feed/0.1")
            _ = xm_curl_set_list(curl, CURLOPT_HTTPHEADER, requestHeaders)
            _ = xm_curl_set_long(curl, CURLOPT_TIMEOUT_MS, timeoutMilliseconds)
            // Fewer than 100 bytes a second for 15 s (or the whole timeout, if shorter): a stall.
            _ = xm_curl_set_long(curl, CURLOPT_LOW_SPEED_LIMIT, 100)
            _ = xm_curl_set_long(curl, CURLOPT_LOW_SPEED_TIME, max(1, min(15, Int(limits.timeout))))
            _ = xm_curl_set_off(curl, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(limits.maxBytes))
            // Timeouts without SIGALRM (the resolver runs in a thread).
            _ = xm_curl_set_long(curl, CURLOPT_NOSIGNAL, 1)
            _ = xm_curl_set_pointer(curl, CURLOPT_ERRORBUFFER, errorBuffer.baseAddress)
            _ = xm_curl_set_callback(curl, CURLOPT_WRITEFUNCTION) { data, size, count, context in
                let download = Unmanaged<CurlDownload>.fromOpaque(context!).takeUnretainedValue()
                return download.received(UnsafeRawBufferPointer(start: data, count: size * count))
            }
            _ = xm_curl_set_pointer(curl, CURLOPT_WRITEDATA, context)
            _ = xm_curl_set_callback(curl, CURLOPT_HEADERFUNCTION) { data, size, count, context in
                let download = Unmanaged<CurlDownload>.fromOpaque(context!).takeUnretainedValue()
                download.header(String(decoding: UnsafeRawBufferPointer(start: data, count: size * count), as: UTF8.self))
                return size * count
            }
            _ = xm_curl_set_pointer(curl, CURLOPT_HEADERDATA, context)
            return curl_easy_perform(curl)
        }
        var status = 0
        _ = xm_curl_get_long(curl, CURLINFO_RESPONSE_CODE, &status)
        if status > 0 { facts = ResponseFacts(hops: hops, address: address, now: time(nil)) }
        switch code {
        case CURLE_OK: break
        case CURLE_WRITE_ERROR where overflowed, CURLE_FILESIZE_EXCEEDED:
            throw .init("the response is larger than \(limits.maxBytes >> 20) MB")
        case CURLE_OPERATION_TIMEDOUT:
            throw .init("no complete answer within \(Int(limits.timeout)) s (timed out)")
        case CURLE_TOO_MANY_REDIRECTS:
            throw .init("more than \(limits.maxRedirects) redirects (a redirect loop?)")
        case CURLE_UNSUPPORTED_PROTOCOL where (200..<400).contains(status):
            // The refused redirect's Location is in the last headers seen.
            let scheme = URL(string: headers["location"] ?? "")?.scheme?.lowercased() ?? ""
            throw .init("redirected to a \(scheme.isEmpty ? "non-http" : scheme) address")
        default:
            let text = String(decoding: errorText.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw .init(text.isEmpty ? String(cString: curl_easy_strerror(code)) : text)
        }
        let etag = headers["etag"] ?? ""
        let lastModified = headers["last-modified"] ?? ""
        switch status {
        case 200...299:
            let finalAddress = string(curl, CURLINFO_EFFECTIVE_URL)
            return .body(.init(data: body, etag: etag, lastModified: lastModified, contentType: headers["content-type"] ?? "",
                               address: finalAddress.isEmpty ? address : finalAddress))
        case 304: return .notModified(etag: etag, lastModified: lastModified)
        default:
            let reason = Self.reasons[status].map { " " + $0 } ?? ""
            throw .init("HTTP \(status)\(reason)")
        }
    }

    private func string(_ curl: UnsafeMutableRawPointer, _ info: CURLINFO) -> String {
        var value: UnsafeMutablePointer<CChar>?
        guard xm_curl_get_string(curl, info, &value) == CURLE_OK, let value else { return "" }
        return String(cString: value)
    }

    /// Decoded body bytes: returning less than was given stops the transfer at once.
    private func received(_ piece: UnsafeRawBufferPointer) -> Int {
        guard body.count + piece.count <= limits.maxBytes else {
            overflowed = true
            return 0
        }
        body.append(contentsOf: piece)
        return piece.count
    }

    /// Header lines of each response; a redirect's are forgotten when the next status line comes.
    private func header(_ line: String) {
        if line.hasPrefix("HTTP/") {
            headers = [:]
            let code = line.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
            // A "100 Continue" or other interim answer is no hop of its own.
            if code >= 200 { hops.append(.init(status: code, headers: [:])) }
            return
        }
        guard let colon = line.firstIndex(of: ":") else { return }
        let name = line[..<colon].lowercased()
        let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespacesAndNewlines)
        headers[name] = value
        if !hops.isEmpty { hops[hops.count - 1].headers[name] = value }
    }

    /// The standard reason phrases (the server's own may say anything).
    static let reasons: [Int: String] = [
        400: "Bad Request", 401: "Unauthorized", 403: "Forbidden", 404: "Not Found", 405: "Method Not Allowed",
        406: "Not Acceptable", 407: "Proxy Authentication Required", 408: "Request Timeout", 410: "Gone",
        429: "Too Many Requests", 451: "Unavailable For Legal Reasons", 500: "Internal Server Error",
        501: "Not Implemented", 502: "Bad Gateway", 503: "Service Unavailable", 504: "Gateway Timeout",
    ]
}
