import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A tiny HTTP/1.1 server on 127.0.0.1 (a free port) for the feed tests: fixed feeds, feeds that
/// change, and every kind of hostile answer — malformed XML, an HTML page, 50 MB, a server that
/// trickles, a redirect loop, a redirect to a local file, gzip, deflate and brotli bombs. One thread per connection; each
/// answer closes its connection. It records each request line and headers it saw (`requests`),
/// and answers a route's own `ETag` or `Last-Modified` sent back with 304; a route may be served
/// with any status and headers (301 with a Location, 410, 429 with Retry-After).
public final class FeedTestServer: @unchecked Sendable {
    public struct Request: Sendable {
        public var method: String
        /// As sent: a path, or a full URL when the client talks to us as its proxy.
        public var target: String
        public var headers: [String: String]
    }

    public private(set) var port: UInt16 = 0
    private let listener: Int32
    private let lock = NSLock()
    private var routes: [String: (status: Int, headers: [String: String], body: Data)] = [:]
    private var seen: [Request] = []
    private var stopped = false

    public init() throws {
        listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard listener >= 0 else { throw ServerError("socket failed") }
        var yes: Int32 = 1
        setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(listener, 64) == 0 else { throw ServerError("bind/listen failed") }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
        }
        port = UInt16(bigEndian: address.sin_port)
        let thread = Thread { [self] in acceptLoop() }
        thread.start()
    }

    deinit { stop() }

    public func stop() {
        lock.lock()
        let wasStopped = stopped
        stopped = true
        lock.unlock()
        guard !wasStopped else { return }
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    public func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }

    /// Serves `body` at `path` (replacing what was there).
    public func serve(_ path: String, status: Int = 200, headers: [String: String] = [:], body: String) {
        serve(path, status: status, headers: headers, body: Data(body.utf8))
    }

    /// Serves these bytes at `path`, whatever their encoding.
    public func serve(_ path: String, status: Int = 200, headers: [String: String] = [:], body: Data) {
        lock.lock()
        routes[path] = (status, headers, body)
        lock.unlock()
    }

    public var requests: [Request] {
        lock.lock()
        defer { lock.unlock() }
        return seen
    }

    public func requests(to path: String) -> [Request] { requests.filter { $0.target == path || $0.target.hasSuffix(path) } }

    private func acceptLoop() {
        while true {
            let connection = accept(listener, nil, nil)
            if connection < 0 {
                if errno == EINTR { continue }
                return
            }
            Thread { [self] in
                handle(connection)
                close(connection)
            }.start()
        }
    }

    private func handle(_ connection: Int32) {
        var received = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while received.range(of: Data("\r\n\r\n".utf8)) == nil && received.count < 65536 {
            let count = recv(connection, &buffer, buffer.count, 0)
            guard count > 0 else { return }
            received.append(contentsOf: buffer[0..<count])
        }
        let head = String(decoding: received, as: UTF8.self).components(separatedBy: "\r\n\r\n")[0]
        let lines = head.components(separatedBy: "\r\n")
        let requestLine = lines[0].split(separator: " ").map(String.init)
        guard requestLine.count >= 2 else { return }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        let request = Request(method: requestLine[0], target: requestLine[1], headers: headers)
        lock.lock()
        seen.append(request)
        lock.unlock()
        respond(to: request, on: connection)
    }

    private func respond(to request: Request, on connection: Int32) {
        // A proxied request names a full URL; answer it by its path.
        var path = request.target
        if let url = URL(string: path), url.scheme != nil { path = url.path }
        if let query = path.firstIndex(of: "?") { path = String(path[..<query]) }
        switch path {
        case "/loop":
            send(connection, status: 302, headers: ["Location": url("/loop")], body: Data())
        case "/to-file":
            send(connection, status: 302, headers: ["Location": "file:///etc/hostname"], body: Data())
        case "/huge.xml":
            // 50 MB announced, sent in 64 kB pieces until the client gives up.
            let total = 50 << 20
            guard write(connection, head(200, ["Content-Type": "application/rss+xml", "Content-Length": "\(total)"])) else { return }
            let piece = Data(("<rss><channel>" + String(repeating: "<item><title>x</title></item>", count: 2300)).utf8.prefix(65536))
            var sent = 0
            while sent < total, write(connection, piece) { sent += piece.count }
        case "/huge-unannounced.xml":
            // The same without a Content-Length: only counting the bytes can stop it.
            guard write(connection, head(200, ["Content-Type": "application/rss+xml", "Connection": "close"])) else { return }
            let piece = Data(String(repeating: "<item><title>x</title></item>", count: 2300).utf8.prefix(65536))
            var sent = 0
            _ = write(connection, Data("<rss><channel>".utf8))
            while sent < 50 << 20, write(connection, piece) { sent += piece.count }
        case "/bomb.gz", "/bomb.deflate", "/bomb.br":
            // 2 GB of zeros in about 2 MB (brotli: 26 kB): only counting the decoded bytes can
            // stop it, and only stopping at once keeps the client's memory down.
            let (bomb, encoding) = path == "/bomb.gz" ? (Self.gzipBomb, "gzip")
                : path == "/bomb.deflate" ? (Self.deflateBomb, "deflate") : (Self.brotliBomb, "br")
            guard write(connection, head(200, ["Content-Type": "application/rss+xml", "Content-Encoding": encoding,
                                               "Content-Length": "\(bomb.compressedSize)", "Connection": "close"])),
                  write(connection, bomb.head) else { return }
            for _ in 0..<bomb.repeats { guard write(connection, bomb.unit) else { return } }
            _ = write(connection, bomb.tail)
        case "/slow.xml":
            // Headers at once, then a byte every half second for a minute: never idle, never done.
            // The pacing is the behaviour served (a fetch's time bound is tested against it).
            guard write(connection, head(200, ["Content-Type": "application/rss+xml", "Content-Length": "200"])) else { return }
            for _ in 0..<120 {
                guard write(connection, Data(" ".utf8)) else { return }
                Thread.sleep(forTimeInterval: 0.5)
            }
        case "/etag.xml":
            lock.lock()
            let route = routes[path]
            lock.unlock()
            guard let route else { return send(connection, status: 404, headers: [:], body: Data("not found".utf8)) }
            let tag = route.headers["ETag"] ?? ""
            if request.headers["if-none-match"] == tag && !tag.isEmpty {
                send(connection, status: 304, headers: ["ETag": tag], body: Data())
            } else {
                send(connection, status: route.status, headers: route.headers, body: route.body)
            }
        default:
            lock.lock()
            let route = routes[path]
            lock.unlock()
            guard let route else { return send(connection, status: 404, headers: [:], body: Data("not found".utf8)) }
            if let tag = route.headers["ETag"], request.headers["if-none-match"] == tag {
                return send(connection, status: 304, headers: ["ETag": tag], body: Data())
            }
            if let since = route.headers["Last-Modified"], request.headers["if-modified-since"] == since {
                return send(connection, status: 304, headers: ["Last-Modified": since], body: Data())
            }
            send(connection, status: route.status, headers: route.headers, body: route.body)
        }
    }

    static let gzipBomb = CompressionBomb(format: .gzip, megabytes: 2048)
    static let deflateBomb = CompressionBomb(format: .zlib, megabytes: 2048)
    static let brotliBomb = CompressionBomb(format: .brotli, megabytes: 2048)

    private func head(_ status: Int, _ headers: [String: String]) -> Data {
        var text = "HTTP/1.1 \(status) \(status == 200 ? "OK" : status == 304 ? "Not Modified" : status == 302 ? "Found" : "Status")\r\n"
        for (name, value) in headers { text += "\(name): \(value)\r\n" }
        return Data((text + "\r\n").utf8)
    }

    private func send(_ connection: Int32, status: Int, headers: [String: String], body: Data) {
        var all = headers
        all["Content-Length"] = "\(body.count)"
        all["Connection"] = "close"
        if all["Content-Type"] == nil { all["Content-Type"] = "application/xml" }
        _ = write(connection, head(status, all)) && write(connection, body)
    }

    /// False once the client has gone (no SIGPIPE: MSG_NOSIGNAL).
    private func write(_ connection: Int32, _ data: Data) -> Bool {
        var offset = 0
        while offset < data.count {
            let count = data.withUnsafeBytes { Glibc.send(connection, $0.baseAddress! + offset, data.count - offset, Int32(MSG_NOSIGNAL)) }
            if count <= 0 { return false }
            offset += count
        }
        return true
    }
}

public struct ServerError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

/// A port on 127.0.0.1 with nothing listening: bound, then closed.
public func closedLocalPort() -> UInt16 {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    _ = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
    }
    return UInt16(bigEndian: address.sin_port)
}
