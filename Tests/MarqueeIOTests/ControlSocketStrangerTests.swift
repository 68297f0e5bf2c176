import Foundation
import Glibc
import MarqueeFormats
@testable import MarqueeIO
import XCTest

/// The control socket against other users and hostile peers: a connection from another uid is
/// refused unread, `xmarquee ctl` talks only to its own user's ticker and reads a bounded reply
/// within its timeout, and a socket folder of another user is refused naming XDG_RUNTIME_DIR.
/// Another user is `nobody` (uid 65534) through setpriv; these tests need root to become it.
final class ControlSocketStrangerTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws {
        try XCTSkipUnless(getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv"),
                          "becoming another user needs root and setpriv")
        folder = NSTemporaryDirectory() + "xmarquee-stranger-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        // Open to every user, as a careless folder would be: only the uid check stands.
        chmod(folder, 0o777)
    }

    override func tearDown() { try? FileManager.default.removeItem(atPath: folder) }

    /// Runs Python as uid 65534; returns the process and its output.
    private static func asNobody(_ script: String, wait: Bool = true) throws -> (Process, Pipe) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
        process.arguments = ["--reuid=65534", "--regid=65534", "--clear-groups", "/usr/bin/python3", "-c", script]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        if wait { process.waitUntilExit() }
        return (process, output)
    }

    func testAConnectionFromAnotherUserIsRefusedUnread() throws {
        let loop = EventLoop()
        let path = folder + "/stranger.sock"
        let server = try ControlServer(path: path, loop: loop)
        chmod(path, 0o666)
        var handled: [ControlRequest] = []
        server.onRequest = { handled.append($0); return nil }
        let box = ReplyBox()
        let script = """
            import socket
            s = socket.socket(socket.AF_UNIX)
            s.settimeout(5)
            s.connect("\(path)")
            try:
                s.sendall(b"pause\\n")
            except OSError:
                pass
            print(s.recv(512).decode(), end="")
            """
        Thread {
            let run = try? Self.asNobody(script)
            box.set([run.map { String(decoding: $0.1.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self) } ?? "did not run"])
        }.start()
        let deadline = MonotonicClock.now() + 10
        let timer = DeadlineTimer()!
        timer.arm(at: MonotonicClock.now() + 0.02)
        loop.watch(timer.fd) { _ in
            timer.acknowledge()
            if box.isDone || MonotonicClock.now() > deadline { loop.stop(status: 0) } else { timer.arm(at: MonotonicClock.now() + 0.02) }
        }
        _ = loop.run()
        XCTAssertEqual(box.replies, ["error: not your ticker\n"])
        XCTAssertEqual(handled, [], "nothing it sent was done")
        // The ticker's own user is still answered.
        XCTAssertEqual(ControlServer.owner(of: path), getpid())
    }

    func testTheClientSpeaksOnlyToItsOwnUsersTicker() throws {
        let path = folder + "/impostor.sock"
        let (impostor, output) = try Self.asNobody("""
            import socket, sys
            s = socket.socket(socket.AF_UNIX)
            s.bind("\(path)")
            s.listen(4)
            print("listening", flush=True)
            s.settimeout(10)
            c, _ = s.accept()
            c.settimeout(2)
            print("heard", repr(c.recv(512)))
            """, wait: false)
        defer { if impostor.isRunning { impostor.terminate() } }
        // Its first line says it listens (the read ends at the line, or when it exits).
        var said = Data()
        while !said.contains(UInt8(ascii: "\n")) {
            let more = output.fileHandleForReading.availableData
            if more.isEmpty { break }
            said.append(more)
        }
        XCTAssertEqual(String(decoding: said, as: UTF8.self), "listening\n", "the impostor listens")
        XCTAssertThrowsError(try ControlClient.send(.say("my password"), to: path)) { error in
            XCTAssertTrue("\(error)".contains("another user's process"), "\(error)")
        }
        impostor.waitUntilExit()
        XCTAssertEqual(String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self), "heard b''\n", "not a byte")
    }

    /// A listener of the user's own that answers without end, or a byte at a time.
    func testARepliesSizeAndTimeAreBounded() throws {
        let path = folder + "/endless.sock"
        for (answer, expected) in [("endless", "longer than 1 MB"), ("drip", "within 2 s")] {
            let listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
            unlink(path)
            XCTAssertEqual(ControlSocketPath.withAddress(path) { bind(listener, $0, $1) }, 0)
            listen(listener, 4)
            let done = ReplyBox()
            Thread {
                let client = accept(listener, nil, nil)
                let piece = [UInt8](repeating: UInt8(ascii: "x"), count: answer == "endless" ? 65536 : 1)
                while !done.isDone, piece.withUnsafeBytes({ send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }) > 0 {
                    // A byte every 0.2 s: a peer too slow to finish is what the bound is tested against.
                    if answer == "drip" { usleep(200_000) }
                }
                close(client)
            }.start()
            let start = MonotonicClock.now()
            XCTAssertThrowsError(try ControlClient.send(.status, to: path, timeoutSeconds: 2)) { error in
                XCTAssertTrue("\(error)".contains(expected), "\(answer): \(error)")
            }
            XCTAssertLessThan(MonotonicClock.now() - start, 3, answer)
            done.set([])
            close(listener)
        }
    }

    func testASocketFolderOfAnotherUserIsRefusedNamingXDGRuntimeDir() throws {
        let foreign = folder + "/xmarquee-0"
        XCTAssertEqual(mkdir(foreign, 0o700), 0)
        XCTAssertEqual(chown(foreign, 65534, 65534), 0)
        XCTAssertThrowsError(try ControlSocketPath.checkPrivate(foreign, runtimeDirectorySet: false)) { error in
            XCTAssertEqual("\(error)", "\"\(foreign)\" belongs to another user (uid 65534), not to uid 0 "
                           + "(XDG_RUNTIME_DIR is not set: set it to a folder of your own, such as /run/user/0)")
        }
        let link = folder + "/link"
        XCTAssertEqual(symlink(folder, link), 0)
        XCTAssertThrowsError(try ControlSocketPath.checkPrivate(link, runtimeDirectorySet: true)) { error in
            XCTAssertEqual("\(error)", "\"\(link)\" is not a folder")
        }
        // The user's own, however loose: made private.
        XCTAssertNoThrow(try ControlSocketPath.checkPrivate(folder, runtimeDirectorySet: false))
        var info = stat()
        XCTAssertEqual(stat(folder, &info), 0)
        XCTAssertEqual(info.st_mode & 0o777, 0o700)
    }
}
