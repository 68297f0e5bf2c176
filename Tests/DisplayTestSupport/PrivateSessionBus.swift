import Foundation
import Glibc

/// A folder of the test's own (mode 0700) and a session bus in it (`dbus-daemon --session`), as a
/// desktop session would have: KWin and mutter need one, and the desktop-bus tests run their
/// peers on it, so nothing reaches the user's desktop. The bus is stopped and the folder removed
/// by `stop()` (or when the test lets it go).
public final class PrivateSessionBus {
    let folder: String
    private let daemon = Process()

    public var address: String { "unix:path=\(folder)/bus" }

    /// `prefix` names the folder (`xmarquee-kwin.XXXXXX`).
    public init(prefix: String = "xmarquee-bus") throws {
        var path = Array((NSTemporaryDirectory() + prefix + ".XXXXXX").utf8CString)
        guard mkdtemp(&path) != nil else { throw HarnessError("cannot make a runtime folder") }
        folder = String(decoding: path.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        chmod(folder, 0o700)
        daemon.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-daemon")
        daemon.arguments = ["--session", "--nofork", "--nopidfile", "--address=\(address)"]
        daemon.standardOutput = FileHandle.nullDevice
        daemon.standardError = FileHandle.nullDevice
        try daemon.run()
        guard waitFor(seconds: 5, { FileManager.default.fileExists(atPath: self.folder + "/bus") }) else {
            stop()
            throw HarnessError("dbus-daemon did not start")
        }
    }

    deinit { stop() }

    public func stop() {
        if daemon.isRunning {
            daemon.terminate()
            daemon.waitUntilExit()
        }
        try? FileManager.default.removeItem(atPath: folder)
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
