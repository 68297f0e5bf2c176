import Foundation
import Glibc

/// A folder of the test's own (mode 0700) for a compositor's sockets, and a session bus in it
/// (`dbus-daemon`), as a desktop session would have: KWin and mutter need one. The bus is
/// stopped and the folder removed by `stop()`.
final class PrivateSessionBus {
    let folder: String
    private let daemon = Process()

    var address: String { "unix:path=\(folder)/bus" }

    /// `prefix` names the folder (`xmarquee-kwin.XXXXXX`).
    init(prefix: String) throws {
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

    func stop() {
        if daemon.isRunning {
            daemon.terminate()
            daemon.waitUntilExit()
        }
        try? FileManager.default.removeItem(atPath: folder)
    }
}
