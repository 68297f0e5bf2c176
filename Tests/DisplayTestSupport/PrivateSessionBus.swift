import Foundation
import Glibc

/// A D-Bus session bus of the test's own (`dbus-daemon --session`), stopped when the test lets
/// it go: nothing reaches the user's desktop, and nothing on it but what the test starts.
public final class PrivateSessionBus {
    public let address: String
    private let daemon = Process()

    public init() throws {
        daemon.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-daemon")
        daemon.arguments = ["--session", "--nofork", "--nopidfile", "--print-address=1"]
        let output = Pipe()
        daemon.standardOutput = output
        daemon.standardError = FileHandle.nullDevice
        try daemon.run()
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            guard !chunk.isEmpty else { throw TestSupportError("dbus-daemon printed no address") }
            line += chunk
        }
        address = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    deinit {
        daemon.terminate()
        daemon.waitUntilExit()
    }

    /// The environment a program needs to use this bus.
    public var environment: [String: String] { ["DBUS_SESSION_BUS_ADDRESS": address] }

    /// Who owns `name` on this bus (a unique name), nil when nobody does.
    public func owner(of name: String) -> String? {
        let reply = try? runTool(URL(fileURLWithPath: "/usr/bin/dbus-send"),
                                 ["--session", "--print-reply=literal", "--dest=org.freedesktop.DBus", "/org/freedesktop/DBus",
                                  "org.freedesktop.DBus.GetNameOwner", "string:\(name)"], environment: environment)
        guard let reply, reply.status == 0 else { return nil }
        return reply.output.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

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
        FileManager.default.createFile(atPath: log, contents: nil)
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [script, log] + arguments
        process.environment = ProcessInfo.processInfo.environment.merging(bus.environment) { _, new in new }
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        _ = Glibc.signal(SIGPIPE, SIG_IGN)
        try process.run()
        guard waitFor(seconds: 10, { self.logged.contains("ready") }) else {
            throw TestSupportError("the fake peer did not start")
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
