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
    /// A reply is a line: `ok`, an error, or the status (kilobytes, even with a hundred feeds).
    /// Past this, or past the timeout, whatever answers is no ticker of ours.
    public static let maximumReplyBytes = 1 << 20

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

    /// One connection: the request out, the reply line back; nil when it ended without one. The
    /// timeout holds for the whole reply, so a peer dripping a byte at a time cannot hold it.
    private static func exchange(_ bytes: inout [UInt8], path: String, timeoutSeconds: Int) throws(Failure) -> String? {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw Failure(description: "socket: \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        let deadline = MonotonicClock.now() + Double(timeoutSeconds)
        var timeout = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        guard ControlSocketPath.withAddress(path, { connect(fd, $0, $1) }) == 0 else {
            throw Failure(description: "no running xmarquee at \"\(path)\": \(String(cString: strerror(errno)))")
        }
        // Whoever listens there must be this user: nothing is said to another user's process.
        guard let peer = PeerCredentials(of: fd), peer.uid == getuid() else {
            throw Failure(description: "\"\(path)\" is answered by another user's process: not sending to it")
        }
        _ = bytes.withUnsafeMutableBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        var reply: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        var complete = false
        while !complete {
            let remaining = deadline - MonotonicClock.now()
            var ready = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard remaining > 0, poll(&ready, 1, Int32(max(1, remaining * 1000))) > 0 else {
                if reply.isEmpty { break }
                throw Failure(description: "no whole reply from \"\(path)\" within \(timeoutSeconds) s")
            }
            let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
            if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
            guard count > 0 else { break }
            reply.append(contentsOf: chunk[0..<count])
            complete = chunk[0..<count].contains(UInt8(ascii: "\n"))
            guard reply.count <= maximumReplyBytes else {
                throw Failure(description: "the reply from \"\(path)\" is longer than \(maximumReplyBytes >> 20) MB")
            }
        }
        guard !reply.isEmpty else { return nil }
        return TextSanitizer.decode(reply.prefix { $0 != UInt8(ascii: "\n") })
    }
}
