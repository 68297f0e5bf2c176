import Foundation
import Glibc

/// A peer on a private bus written in Python (`/usr/bin/python3` with Debian's python3-dbus and
/// python3-gi): it reads commands from its standard input, one a line, and logs what it is asked
/// to a file the test reads.
public final class FakeBusPeer {
    private let process = Process()
    private let input = Pipe()
    public let log: String
    private let script: String

    public init(_ source: String, arguments: [String] = [], bus: PrivateSessionBus) throws {
        let directory = NSTemporaryDirectory() + "xmarquee-peer-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        script = directory + "/peer.py"
        log = directory + "/log"
        try source.write(toFile: script, atomically: true, encoding: .utf8)
        _ = FileManager.default.createFile(atPath: log, contents: nil)
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [script, log] + arguments
        process.environment = ProcessInfo.processInfo.environment.merging(bus.environment) { _, new in new }
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        _ = Glibc.signal(SIGPIPE, SIG_IGN)
        try process.run()
        guard waitFor(seconds: 10, { self.logged.contains("ready") }) else {
            throw HarnessError("the fake peer did not start")
        }
    }

    deinit { stop() }

    public var logged: String { (try? String(contentsOfFile: log, encoding: .utf8)) ?? "" }
    public var isRunning: Bool { process.isRunning }

    public func send(_ command: String) {
        try? input.fileHandleForWriting.write(contentsOf: Data((command + "\n").utf8))
    }

    public func stop() {
        guard process.isRunning else { return }
        send("quit")
        if !waitFor(seconds: 3, { !self.process.isRunning }) { process.terminate() }
        process.waitUntilExit()
    }
}
