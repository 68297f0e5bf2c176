import Foundation
import Glibc

/// One fetch of a feed over http(s) (libcurl, `CurlDownload`) or from a file, bounded in size,
/// time and redirects, as a conditional request when validators from the last fetch are known.
public struct FeedFetcher {
    public struct Limits: Sendable {
        /// Seconds for the whole fetch: connecting, a slow server dripping bytes, everything.
        public var timeout: Double = 30
        /// A response larger than this (decoded: after gzip, deflate or brotli) is refused, and
        /// a file larger than this is not read (feeds are kilobytes; this is a runaway server).
        public var maxBytes = 5 << 20
        public var maxRedirects = 10
        public init() {}
    }

    /// A document as received, with what the next request and the parser need of its headers.
    public struct Document: Equatable, Sendable {
        public var data: Data
        public var etag: String
        public var lastModified: String
        /// The Content-Type (its charset comes first in choosing the encoding), "" for a file.
        public var contentType: String
        /// Where it came from after redirects: relative links are resolved against it.
        public var address: String
    }

    public enum Outcome: Equatable, Sendable {
        case body(Document)
        case notModified(etag: String, lastModified: String)
    }

    public struct FetchError: Error, Equatable, CustomStringConvertible {
        public let description: String
        public init(_ description: String) { self.description = description }
    }

    /// One fetch's outcome with what the HTTP answer said about asking again (nil for a file, or
    /// when no answer came).
    public struct Exchange: Sendable {
        public var result: Result<Outcome, FetchError>
        public var response: ResponseFacts?
    }

    public var limits = Limits()
    public init(limits: Limits = Limits()) { self.limits = limits }

    public func fetch(_ address: String, etag: String = "", lastModified: String = "") throws(FetchError) -> Outcome {
        try exchange(address, etag: etag, lastModified: lastModified).result.get()
    }

    public func exchange(_ address: String, etag: String = "", lastModified: String = "") -> Exchange {
        guard let url = URL(string: address), let scheme = url.scheme?.lowercased() else {
            return Exchange(result: .failure(FetchError("not a URL")))
        }
        switch scheme {
        case "file":
            do throws(FetchError) {
                return Exchange(result: .success(try readFile(url, etag: etag)))
            } catch {
                return Exchange(result: .failure(error))
            }
        case "http", "https":
            let download = CurlDownload(limits: limits)
            do throws(FetchError) {
                let outcome = try download.run(address, etag: etag, lastModified: lastModified)
                return Exchange(result: .success(outcome), response: download.facts)
            } catch {
                return Exchange(result: .failure(error), response: download.facts)
            }
        default: return Exchange(result: .failure(FetchError("unsupported scheme \"\(scheme)\" (http, https and file are)")))
        }
    }

    /// A Foundation error as one readable phrase.
    public static func reason(_ error: Error) -> String {
        let text = (error as NSError).localizedDescription
        return text.isEmpty ? String(describing: error) : text
    }

    var tooLarge: FetchError { FetchError("larger than \(limits.maxBytes >> 20) MB") }

    /// A local file: "not modified" when its size and modification time are what they were. Its
    /// size is checked on the open descriptor before a byte is read, so a huge file costs nothing.
    func readFile(_ url: URL, etag: String) throws(FetchError) -> Outcome {
        let path = url.path
        // Non-blocking open: a FIFO would otherwise wait here for a writer.
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { throw FetchError("cannot read \(path): \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0 else { throw FetchError("cannot read \(path): \(String(cString: strerror(errno)))") }
        guard status.st_mode & S_IFMT == S_IFREG else { throw FetchError("\(path) is not a regular file") }
        guard status.st_size <= limits.maxBytes else { throw tooLarge }
        let stamp = "\(status.st_size)-\(status.st_mtim.tv_sec).\(status.st_mtim.tv_nsec)"
        if stamp == etag { return .notModified(etag: stamp, lastModified: "") }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = read(fd, &buffer, buffer.count)
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { throw FetchError("cannot read \(path): \(String(cString: strerror(errno)))") }
            if count == 0 { break }
            data.append(contentsOf: buffer[..<count])
            // It may have grown since fstat.
            guard data.count <= limits.maxBytes else { throw tooLarge }
        }
        return .body(Document(data: data, etag: stamp, lastModified: "", contentType: "", address: url.absoluteString))
    }
}
