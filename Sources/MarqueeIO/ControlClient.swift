import Glibc
import MarqueeFormats

/// The `xmarquee ctl` side: sends one request to a running instance and returns its reply.
public enum ControlClient {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// How often a connection that ended without a reply is tried again. The server answers
    /// every request it has read, so such a connection was dropped unread (the server was
    /// flooded, or its instance was ending) and asking again cannot do a request twice.
    static let attempts = 3

    public static func send(_ request: ControlRequest, to path: String, timeoutSeconds: Int = 5) throws(Failure) -> String {
        var bytes = Array((request.line + "\n").utf8)
        guard bytes.count <= ControlRequest.maximumBytes else { throw Failure(description: "request too long") }
        for _ in 1..<attempts {
            if let reply = try exchange(&bytes, path: path, timeoutSeconds: timeoutSeconds) { return reply }
        }
        guard let reply = try exchange(&bytes, path: path, timeoutSeconds: timeoutSeconds) else {
            throw Failure(description: "no reply from \"\(path)\"")
        }
        return reply
    }

    /// One connection: the request out, the reply line back; nil when it ended without one.
    private static func exchange(_ bytes: inout [UInt8], path: String, timeoutSeconds: Int) throws(Failure) -> String? {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw Failure(description: "socket: \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var timeout = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        guard ControlSocketPath.withAddress(path, { connect(fd, $0, $1) }) == 0 else {
            throw Failure(description: "no running xmarquee at \"\(path)\": \(String(cString: strerror(errno)))")
        }
        _ = bytes.withUnsafeMutableBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        var reply: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 512)
        while !reply.contains(UInt8(ascii: "\n")) {
            let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { break }
            reply.append(contentsOf: chunk[0..<count])
        }
        guard !reply.isEmpty else { return nil }
        return TextSanitizer.decode(reply.prefix { $0 != UInt8(ascii: "\n") })
    }
}
