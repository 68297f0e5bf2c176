import Foundation
import Glibc
import MarqueeFormats
@testable import MarqueeIO
import XCTest

final class ControlSocketTests: XCTestCase {
    private var runtime: String!
    private var savedRuntime: String?

    override func setUp() {
        runtime = NSTemporaryDirectory() + "xmarquee-runtime-\(UUID().uuidString)"
        try! FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: true)
        savedRuntime = getenv("XDG_RUNTIME_DIR").map { String(cString: $0) }
        setenv("XDG_RUNTIME_DIR", runtime, 1)
    }

    override func tearDown() {
        // Child processes of later tests inherit the environment: put it back.
        if let savedRuntime { setenv("XDG_RUNTIME_DIR", savedRuntime, 1) } else { unsetenv("XDG_RUNTIME_DIR") }
        try? FileManager.default.removeItem(atPath: runtime)
    }

    /// Runs the loop while `client` talks to the server from another thread; returns the replies.
    private func exchange(_ server: ControlServer, _ loop: EventLoop, _ client: @escaping @Sendable () -> [String]) -> [String] {
        let box = ReplyBox()
        let thread = Thread {
            box.set(client())
            // Wake the loop so it sees the stop.
        }
        let timer = DeadlineTimer()!
        timer.arm(at: MonotonicClock.now() + 0.05)
        loop.watch(timer.fd) { _ in
            timer.acknowledge()
            if box.isDone { loop.stop(status: 0) } else { timer.arm(at: MonotonicClock.now() + 0.02) }
        }
        thread.start()
        _ = loop.run()
        loop.restart()
        return box.replies
    }

    func testRequestsGetRepliesAndReachTheTicker() throws {
        let loop = EventLoop()
        let path = try ControlSocketPath.path(for: "test", create: true)
        let server = try ControlServer(path: path, loop: loop)
        var received: [ControlRequest] = []
        server.onRequest = { request in
            received.append(request)
            return request == .next ? "nothing to skip to" : nil
        }
        let replies = exchange(server, loop) {
            [ControlRequest.pause, .speed(60), .say("Breaking: it works"), .next].map { request in
                (try? ControlClient.send(request, to: path)) ?? "failed"
            }
        }
        XCTAssertEqual(replies, ["ok", "ok", "ok", "error: nothing to skip to"])
        XCTAssertEqual(received, [.pause, .speed(60), .say("Breaking: it works"), .next])
    }

    func testTheSocketIsPrivate() throws {
        let loop = EventLoop()
        let path = try ControlSocketPath.path(for: "private", create: true)
        let server = try ControlServer(path: path, loop: loop)
        var info = stat()
        XCTAssertEqual(stat(path, &info), 0)
        XCTAssertEqual(info.st_mode & 0o777, 0o600)
        XCTAssertEqual(stat(runtime + "/xmarquee", &info), 0)
        XCTAssertEqual(info.st_mode & 0o777, 0o700)
        _ = server
    }

    func testMalformedAndOversizedRequestsGetErrorsAndChangeNothing() throws {
        let loop = EventLoop()
        let path = try ControlSocketPath.path(for: "bad", create: true)
        let server = try ControlServer(path: path, loop: loop)
        var handled = 0
        server.onRequest = { _ in handled += 1; return nil }
        let replies = exchange(server, loop) {
            ["jump\n", "speed fast\n", "pause now\n", "\n", String(repeating: "x", count: 5000), "say \u{7}\n"].map { raw in
                Self.rawRequest(raw, to: path)
            }
        }
        XCTAssertEqual(handled, 0)
        XCTAssertEqual(replies.count, 6)
        for reply in replies { XCTAssertTrue(reply.hasPrefix("error: "), reply) }
        XCTAssertTrue(replies[4].contains("longer than"), replies[4])
    }

    func testAStaleSocketIsReplacedAndALiveOneRefused() throws {
        let loop = EventLoop()
        let path = try ControlSocketPath.path(for: "twice", create: true)
        // A socket file nobody listens on (an instance that was killed).
        let stale = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        XCTAssertEqual(ControlSocketPath.withAddress(path) { bind(stale, $0, $1) }, 0)
        close(stale)
        let first = try ControlServer(path: path, loop: loop)
        XCTAssertThrowsError(try ControlServer(path: path, loop: EventLoop()))
        _ = first
    }

    /// The socket tells who listens: the pid the kernel records for the listener.
    func testTheOwnerOfASocketIsItsListenersPid() throws {
        let path = try ControlSocketPath.path(for: "owned", create: true)
        XCTAssertNil(ControlServer.owner(of: path))
        let server = try ControlServer(path: path, loop: EventLoop())
        XCTAssertEqual(ControlServer.owner(of: path), getpid())
        XCTAssertThrowsError(try ControlServer(path: path, loop: EventLoop())) { error in
            XCTAssertTrue("\(error)".contains("pid \(getpid())"), "\(error)")
        }
        _ = server
    }

    /// Connections that connect and say nothing (or half a line), as fast as a thread can open
    /// them, while `xmarquee ctl` asks: every request is answered, each within 1 s.
    func testRequestsAreAnsweredWithinASecondWhileTheSocketIsFlooded() throws {
        let loop = EventLoop()
        let path = try ControlSocketPath.path(for: "flooded", create: true)
        let server = try ControlServer(path: path, loop: loop)
        var handled = 0
        server.onRequest = { _ in handled += 1; return nil }
        let flooding = ReplyBox()
        let floodEnded = DispatchSemaphore(value: 0)
        let flood = Thread {
            var open: [Int32] = []
            var connections = 0
            defer {
                print("flood: \(connections) connections")
                floodEnded.signal()
            }
            while !flooding.isDone {
                let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
                if ControlSocketPath.withAddress(path, { connect(fd, $0, $1) }) == 0 {
                    connections += 1
                    if connections % 3 == 0 { _ = send(fd, "spe", 3, Int32(MSG_NOSIGNAL)) }
                    open.append(fd)
                } else {
                    close(fd)
                }
                if open.count > 200 { close(open.removeFirst()) }
            }
            open.forEach { close($0) }
        }
        flood.start()
        let replies = exchange(server, loop) {
            (0..<20).map { _ in
                // Requests 20 ms apart, as a person's or a script's: the pacing is what is measured.
                usleep(20_000)
                let start = Date()
                let reply = (try? ControlClient.send(.pause, to: path, timeoutSeconds: 2)) ?? "no reply"
                return reply + String(format: " %.3f", Date().timeIntervalSince(start))
            }
        }
        flooding.set([])
        floodEnded.wait()
        XCTAssertEqual(handled, 20)
        for reply in replies {
            let parts = reply.split(separator: " ")
            XCTAssertEqual(parts.first, "ok", reply)
            XCTAssertLessThan(Double(parts.last ?? "") ?? 99, 1.0, reply)
        }
    }

    func testInstanceNamesAreChecked() {
        XCTAssertThrowsError(try ControlSocketPath.path(for: "../etc", create: false))
        XCTAssertThrowsError(try ControlSocketPath.path(for: "", create: false))
        XCTAssertNoThrow(try ControlSocketPath.path(for: "top-bar_2", create: false))
    }

    /// Sends raw bytes (possibly without a newline) and reads the reply line.
    static func rawRequest(_ raw: String, to path: String) -> String {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        guard ControlSocketPath.withAddress(path, { connect(fd, $0, $1) }) == 0 else { return "no connect" }
        var bytes = Array(raw.utf8)
        _ = bytes.withUnsafeMutableBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        var reply = [UInt8](repeating: 0, count: 512)
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let count = reply.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        return count > 0 ? String(decoding: reply[0..<count].prefix { $0 != 10 }, as: UTF8.self) : "no reply"
    }
}

final class ReplyBox: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [String]?
    func set(_ replies: [String]) { lock.lock(); stored = replies; lock.unlock() }
    var isDone: Bool { lock.lock(); defer { lock.unlock() }; return stored != nil }
    var replies: [String] { lock.lock(); defer { lock.unlock() }; return stored ?? [] }
}
