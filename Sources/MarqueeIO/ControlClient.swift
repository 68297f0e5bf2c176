import Glibc
import MarqueeCore

/// The `xmarquee ctl` side: sends one request to a running instance and returns its reply.
public enum ControlClient {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    public static func send(_ request: ControlRequest, to path: String, timeoutSeconds: Int = 5) throws(Failure) -> String {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw Failure(description: "socket: \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var timeout = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        guard ControlSocketPath.withAddress(path, { connect(fd, $0, $1) }) == 0 else {
            throw Failure(description: "no running xmarquee at \"\(path)\": \(String(cString: strerror(errno)))")
        }
        var bytes = Array((request.line + "\n").utf8)
        guard bytes.count <= ControlRequest.maximumBytes else { throw Failure(description: "request too long") }
        _ = bytes.withUnsafeMutableBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        var reply: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 512)
        while !reply.contains(UInt8(ascii: "\n")) {
            let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { break }
            reply.append(contentsOf: chunk[0..<count])
        }
        guard !reply.isEmpty else { throw Failure(description: "no reply from \"\(path)\"") }
        return TextSanitizer.decode(reply.prefix { $0 != UInt8(ascii: "\n") })
    }
}
