import Glibc

/// A private Xvfb for the benchmark: its display number comes back through -displayfd, so runs
/// never collide with another server on the machine.
final class XvfbSession {
    let server: ChildProcess
    let display: String
    let refreshHz: Int
    let width: Int, height: Int

    init(refreshHz: Int = 60, width: Int = 1920, height: Int = 1080) throws {
        self.refreshHz = refreshHz
        self.width = width
        self.height = height
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw BenchError("pipe failed") }
        // The write end must survive exec: posix_spawn keeps descriptors without FD_CLOEXEC.
        var arguments = ["-displayfd", "\(fds[1])", "-screen", "0", "\(width)x\(height)x24", "-nolisten", "tcp",
                         "-br", "-noreset"]
        if refreshHz != 60 { arguments += ["-fakescreenfps", "\(refreshHz)"] }
        server = try ChildProcess("Xvfb", arguments)
        close(fds[1])
        defer { close(fds[0]) }
        // Xvfb writes the display number followed by a newline once it accepts connections.
        var text = ""
        var byte: UInt8 = 0
        var ready = pollfd(fd: fds[0], events: Int16(POLLIN), revents: 0)
        while poll(&ready, 1, 10_000) > 0, read(fds[0], &byte, 1) == 1, byte != 10 { text.append(Character(UnicodeScalar(byte))) }
        guard let number = Int(text) else {
            server.terminate()
            throw BenchError("Xvfb did not report a display number")
        }
        display = ":\(number)"
    }

    func stop() { server.terminate() }
    deinit { stop() }
}
