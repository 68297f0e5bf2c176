import Foundation
import Glibc

/// GNOME's compositor, headless (mutter 43 with a virtual monitor), in a session bus and runtime
/// folder of its own: it offers no layer-shell, and starts Xwayland, where xmarquee runs as an
/// X11 dock under GNOME's window manager. Stopped, and its folder removed, when the test lets it go.
final class HeadlessMutter {
    let runtimeDirectory: String
    private let bus = Process()
    private let process = Process()
    private let log: String
    /// Xwayland's display (`:N`) and the authority file mutter made for it, once started.
    private(set) var x11Display = ""
    private(set) var xauthority = ""

    static var unavailable: String? {
        for tool in ["/usr/bin/mutter", "/usr/bin/Xwayland", "/usr/bin/dbus-daemon", "/usr/bin/xprop"]
        where !FileManager.default.isExecutableFile(atPath: tool) {
            return "\(tool) is missing (scripts/install-deps.sh test installs it)"
        }
        return nil
    }

    init(width: Int = 1280, height: Int = 400) throws {
        let template = NSTemporaryDirectory() + "xmarquee-mutter.XXXXXX"
        var path = Array(template.utf8CString)
        guard mkdtemp(&path) != nil else { throw HarnessError("cannot make a runtime folder") }
        runtimeDirectory = String(decoding: path.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        chmod(runtimeDirectory, 0o700)
        log = runtimeDirectory + "/mutter.log"
        _ = FileManager.default.createFile(atPath: log, contents: nil)
        let busAddress = "unix:path=\(runtimeDirectory)/bus"
        bus.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-daemon")
        bus.arguments = ["--session", "--nofork", "--nopidfile", "--address=\(busAddress)"]
        bus.standardOutput = FileHandle.nullDevice
        bus.standardError = FileHandle.nullDevice
        try bus.run()
        guard waitFor(seconds: 5, { FileManager.default.fileExists(atPath: self.runtimeDirectory + "/bus") }) else {
            stop()
            throw HarnessError("dbus-daemon did not start")
        }
        process.executableURL = URL(fileURLWithPath: "/usr/bin/mutter")
        process.arguments = ["--headless", "--wayland", "--virtual-monitor", "\(width)x\(height)", "--wayland-display", "mutter-test"]
        process.environment = ["XDG_RUNTIME_DIR": runtimeDirectory, "HOME": runtimeDirectory, "PATH": "/usr/bin:/bin",
                               "DBUS_SESSION_BUS_ADDRESS": busAddress]
        process.standardOutput = FileHandle(forWritingAtPath: log)
        process.standardError = FileHandle(forWritingAtPath: log)
        try process.run()
        guard waitFor(seconds: 15, { self.findXwayland() }) else {
            let output = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            stop()
            throw HarnessError("mutter's Xwayland did not start: \(output.suffix(600))")
        }
    }

    deinit { stop() }

    /// What an X client needs to reach Xwayland.
    var environment: [String: String] { ["DISPLAY": x11Display, "XAUTHORITY": xauthority] }

    func stop() {
        // Mutter ends the Xwayland it started.
        for running in [process, bus] where running.isRunning {
            running.terminate()
            running.waitUntilExit()
        }
        try? FileManager.default.removeItem(atPath: runtimeDirectory)
    }

    /// `xprop -root PROPERTY` on Xwayland: the property's value as printed.
    func rootProperty(_ property: String) -> String? {
        guard let result = try? runTool(URL(fileURLWithPath: "/usr/bin/xprop"), ["-root", property], environment: environment),
              result.status == 0, let equals = result.output.firstIndex(of: "=") else { return nil }
        return result.output[result.output.index(after: equals)...].trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Xwayland's display and authority file from its command line, once mutter started it.
    private func findXwayland() -> Bool {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return false }
        for pid in entries.compactMap({ Int32($0) }) {
            guard let raw = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { continue }
            let words = raw.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
            guard words.first == "/usr/bin/Xwayland", let auth = words.firstIndex(of: "-auth"), auth + 1 < words.count,
                  words[auth + 1].hasPrefix(runtimeDirectory), let display = words.first(where: { $0.hasPrefix(":") }) else { continue }
            x11Display = display
            xauthority = words[auth + 1]
            return FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X" + display.dropFirst())
        }
        return false
    }
}
