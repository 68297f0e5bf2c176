import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One fetch of a feed over http(s) or from a file, bounded in size, time and redirects, as a
/// conditional request when validators from the last fetch are known.
///
/// Proxies: URLSession on Linux runs on libcurl, which takes `http_proxy`, `https_proxy`,
/// `all_proxy` and `no_proxy` from the environment (the ticker passes its environment on).
public struct FeedFetcher {
    public struct Limits: Sendable {
        /// Seconds for the whole fetch: connecting, a slow server dripping bytes, everything.
        public var timeout: Double = 30
        /// A response larger than this is refused (feeds are kilobytes; this is a runaway server).
        public var maxBytes = 5 << 20
        public var maxRedirects = 10
        public init() {}
    }

    public enum Outcome: Equatable, Sendable {
        case body(Data, etag: String, lastModified: String)
        case notModified(etag: String, lastModified: String)
    }

    public struct FetchError: Error, Equatable, CustomStringConvertible {
        public let description: String
        public init(_ description: String) { self.description = description }
    }

    public var limits = Limits()
    public init(limits: Limits = Limits()) { self.limits = limits }

    public func fetch(_ address: String, etag: String = "", lastModified: String = "") throws(FetchError) -> Outcome {
        guard let url = URL(string: address), let scheme = url.scheme?.lowercased() else {
            throw FetchError("not a URL")
        }
        switch scheme {
        case "file": return try readFile(url, etag: etag)
        case "http", "https": return try download(url, etag: etag, lastModified: lastModified)
        default: throw FetchError("unsupported scheme \"\(scheme)\" (http, https and file are)")
        }
    }

    /// A local file: "not modified" when its size and modification time are what they were.
    func readFile(_ url: URL, etag: String) throws(FetchError) -> Outcome {
        let path = url.path
        let attributes: [FileAttributeKey: Any]
        do {
            attributes = try FileManager.default.attributesOfItem(atPath: path)
        } catch {
            throw FetchError("cannot read \(path): \(Self.reason(error))")
        }
        guard attributes[.type] as? FileAttributeType == .typeRegular else { throw FetchError("\(path) is not a regular file") }
        let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
        guard size <= limits.maxBytes else { throw FetchError("larger than \(limits.maxBytes >> 20) MB") }
        let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
        let stamp = "\(size)-\(modified)"
        if stamp == etag { return .notModified(etag: stamp, lastModified: "") }
        do {
            let data = try Data(contentsOf: url)
            guard data.count <= limits.maxBytes else { throw FetchError("larger than \(limits.maxBytes >> 20) MB") }
            return .body(data, etag: stamp, lastModified: "")
        } catch let error as FetchError {
            throw error
        } catch {
            throw FetchError("cannot read \(path): \(Self.reason(error))")
        }
    }

    func download(_ url: URL, etag: String, lastModified: String) throws(FetchError) -> Outcome {
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: limits.timeout)
        request.setValue("xmarquee-feed/0.1", forHTTPHeaderField: "User-Agent")
        request.setValue("application/rss+xml, application/atom+xml, application/rdf+xml, application/xml;q=0.9, text/xml;q=0.9, */*;q=0.5",
                         forHTTPHeaderField: "Accept")
        if !etag.isEmpty { request.setValue(etag, forHTTPHeaderField: "If-None-Match") }
        if !lastModified.isEmpty { request.setValue(lastModified, forHTTPHeaderField: "If-Modified-Since") }

        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.httpCookieStorage = nil
        configuration.timeoutIntervalForRequest = limits.timeout
        configuration.timeoutIntervalForResource = limits.timeout
        let download = BoundedDownload(limits: limits)
        let session = URLSession(configuration: configuration, delegate: download, delegateQueue: nil)
        defer { session.invalidateAndCancel() }
        session.dataTask(with: request).resume()
        // Our own deadline as well: a server that trickles a byte a second keeps an idle timer happy.
        guard download.finished.wait(timeout: .now() + limits.timeout) == .success else {
            throw FetchError("no complete answer within \(Int(limits.timeout)) s (timed out)")
        }
        return try download.result()
    }

    public static func reason(_ error: Error) -> String {
        let text = (error as NSError).localizedDescription
        return text.isEmpty ? String(describing: error) : text
    }
}

/// The URLSession delegate of one download: counts bytes and redirects as they happen and stops
/// the transfer the moment a limit is passed, so a 50 MB response costs 5 MB at most.
final class BoundedDownload: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    let limits: FeedFetcher.Limits
    let finished = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var data = Data()
    private var response: HTTPURLResponse?
    private var failure: String?
    private var transportError: Error?
    private var redirects = 0

    init(limits: FeedFetcher.Limits) { self.limits = limits }

    private func fail(_ reason: String, _ task: URLSessionTask?) {
        lock.lock()
        if failure == nil { failure = reason }
        lock.unlock()
        task?.cancel()
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void) {
        lock.lock()
        self.response = response as? HTTPURLResponse
        lock.unlock()
        if response.expectedContentLength > Int64(limits.maxBytes) {
            fail("the response is larger than \(limits.maxBytes >> 20) MB", dataTask)
            completionHandler(.cancel)
            return
        }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive piece: Data) {
        lock.lock()
        data.append(piece)
        let size = data.count
        lock.unlock()
        if size > limits.maxBytes { fail("the response is larger than \(limits.maxBytes >> 20) MB", dataTask) }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                    newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void) {
        lock.lock()
        redirects += 1
        let count = redirects
        lock.unlock()
        let scheme = request.url?.scheme?.lowercased() ?? ""
        if count > limits.maxRedirects {
            // Declining the redirect ends the task with the 3xx answer (cancelling here as well
            // would make URLSession on Linux trap on the late callback).
            fail("more than \(limits.maxRedirects) redirects (a redirect loop?)", nil)
            completionHandler(nil)
        } else if scheme != "http" && scheme != "https" {
            // A remote server must not point the fetcher at local files.
            fail("redirected to a \(scheme.isEmpty ? "non-http" : scheme) address", nil)
            completionHandler(nil)
        } else {
            completionHandler(request)
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        lock.lock()
        transportError = error
        lock.unlock()
        finished.signal()
    }

    func result() throws(FeedFetcher.FetchError) -> FeedFetcher.Outcome {
        lock.lock()
        defer { lock.unlock() }
        if let failure { throw .init(failure) }
        if let transportError { throw .init(FeedFetcher.reason(transportError)) }
        guard let response else { throw .init("no response") }
        let etag = response.value(forHTTPHeaderField: "ETag") ?? ""
        let lastModified = response.value(forHTTPHeaderField: "Last-Modified") ?? ""
        switch response.statusCode {
        case 200...299: return .body(data, etag: etag, lastModified: lastModified)
        case 304: return .notModified(etag: etag, lastModified: lastModified)
        default:
            throw .init("HTTP \(response.statusCode) \(HTTPURLResponse.localizedString(forStatusCode: response.statusCode))")
        }
    }
}
