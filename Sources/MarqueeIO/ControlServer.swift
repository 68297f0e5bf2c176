import CLinux
import Glibc
import MarqueeFormats

/// The running ticker's end of `xmarquee ctl`: a listening UNIX socket in the event loop.
///
/// Each connection sends one request line and gets one reply line ("ok" or "error: …").
/// Requests are read without blocking and bounded in size; a malformed or oversized one gets an
/// error reply and changes nothing. At most `maximumClients` connections are held at once: past
/// that the one waiting longest is dropped. A new connection is read at once, so a request sent
/// with the connection (what `xmarquee ctl` does) is answered before a flood of idle ones could
/// push it out. Only the ticker's own user is answered (the kernel's word, `PeerCredentials`).
public final class ControlServer {
    /// Enough that a flood must open this many connections between a client's connect and its
    /// send to push its request out; a client whose connection ends unanswered asks again.
    static let maximumClients = 64
    public let path: String
    private let listener: Int32
    private let loop: EventLoop
    private var listening: EventLoop.Watch?
    /// Bytes received so far from each connection, the order it was accepted in, and its watch.
    private var clients: [Int32: (received: [UInt8], order: Int, watch: EventLoop.Watch)] = [:]
    private var accepted = 0
    /// A refused stranger is said once: a flood of them is no flood of warnings.
    private var warnedOfStranger = false
    /// Handles a parsed request; returns nil for success or an error text.
    public var onRequest: (ControlRequest) -> String? = { _ in nil }
    /// The reply to `status`: one line of JSON describing the ticker.
    public var onStatus: () -> String = { "{}" }

    /// Listens at `path`. A socket left by an instance that died is replaced; one that answers
    /// belongs to a running instance and is left alone (that is an error).
    public init(path: String, loop: EventLoop) throws(ControlSocketPath.Problem) {
        self.path = path
        self.loop = loop
        if let owner = Self.owner(of: path) {
            throw ControlSocketPath.Problem(description: "another xmarquee\(owner > 0 ? " (pid \(owner))" : "") already listens at \"\(path)\" (choose another --name)")
        }
        unlink(path)
        listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard listener >= 0 else { throw ControlSocketPath.Problem(description: "socket: \(String(cString: strerror(errno)))") }
        let bound = ControlSocketPath.withAddress(path) { bind(listener, $0, $1) }
        guard bound == 0, chmod(path, 0o600) == 0, listen(listener, 64) == 0 else {
            let reason = String(cString: strerror(errno))
            close(listener)
            throw ControlSocketPath.Problem(description: "cannot listen at \"\(path)\": \(reason)")
        }
        listening = loop.watching(listener) { [unowned self] _ in self.accept() }
    }

    deinit {
        for fd in clients.keys { drop(fd) }
        listening = nil
        close(listener)
        unlink(path)
    }

    /// True when an instance listens at `path`.
    public static func isAnswering(_ path: String) -> Bool {
        owner(of: path) != nil
    }

    /// The process listening at `path` (its pid, from the kernel: SO_PEERCRED gives the
    /// listener's credentials to whoever connects), 0 when it answers but the pid is unknown,
    /// nil when nothing listens there.
    public static func owner(of path: String) -> pid_t? {
        let probe = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard probe >= 0 else { return nil }
        defer { close(probe) }
        guard ControlSocketPath.withAddress(path, { connect(probe, $0, $1) }) == 0 else { return nil }
        return PeerCredentials(of: probe)?.pid ?? 0
    }

    private func accept() {
        while true {
            let client = xm_accept_nonblocking(listener)
            guard client >= 0 else { return }
            // The folder's and the socket's modes keep other users out; a connection that got
            // in anyway (a folder someone loosened, a descriptor handed on) is closed unread.
            guard let peer = PeerCredentials(of: client), peer.uid == getuid() else {
                refuse(client)
                continue
            }
            if clients.count >= Self.maximumClients, let oldest = clients.min(by: { $0.value.order < $1.value.order })?.key {
                drop(oldest)
            }
            accepted += 1
            clients[client] = ([], accepted, loop.watching(client) { [unowned self] _ in self.read(from: client) })
            read(from: client)
        }
    }

    private func read(from client: Int32) {
        var chunk = [UInt8](repeating: 0, count: 1024)
        let count = chunk.withUnsafeMutableBytes { Glibc.read(client, $0.baseAddress, $0.count) }
        guard count > 0 else {
            if count == 0 || (errno != EAGAIN && errno != EINTR) { drop(client) }
            return
        }
        guard clients[client] != nil else { return }
        clients[client]!.received.append(contentsOf: chunk[0..<count])
        let received = clients[client]!.received
        if let newline = received.firstIndex(of: UInt8(ascii: "\n")), newline < ControlRequest.maximumBytes {
            answer(client, line: Array(received[..<newline]))
        } else if received.count >= ControlRequest.maximumBytes {
            reply(client, "error: request longer than \(ControlRequest.maximumBytes) bytes")
        }
    }

    private func refuse(_ client: Int32) {
        if !warnedOfStranger {
            warnedOfStranger = true
            Diagnostics.warn("control socket: refused a connection from another user (uid \(PeerCredentials(of: client).map { String($0.uid) } ?? "unknown"))")
        }
        var bytes = Array("error: not your ticker\n".utf8)
        _ = bytes.withUnsafeMutableBytes { send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        close(client)
    }

    private func answer(_ client: Int32, line: [UInt8]) {
        do {
            let request = try ControlRequest(parsing: TextSanitizer.decode(line))
            if request == .status { return reply(client, onStatus()) }
            if let problem = onRequest(request) { reply(client, "error: \(problem)") } else { reply(client, "ok") }
        } catch {
            reply(client, "error: \(error.description)")
        }
    }

    private func reply(_ client: Int32, _ text: String) {
        var bytes = Array((text + "\n").utf8)
        _ = bytes.withUnsafeMutableBytes { send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        drop(client)
    }

    private func drop(_ client: Int32) {
        // Unwatched before it is closed: the number may be reused by the next accept.
        clients[client] = nil
        close(client)
    }
}
