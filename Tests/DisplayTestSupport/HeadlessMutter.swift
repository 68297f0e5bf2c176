import Foundation
import Glibc

/// GNOME's compositor, headless (mutter 43 with a virtual monitor), in a session bus and runtime
/// folder of its own: it offers no layer-shell, and starts Xwayland, where xmarquee runs as an
/// X11 dock under GNOME's window manager. Stopped, and its folder removed, when the test lets it go.
final class HeadlessMutter {
    private let session: PrivateSessionBus
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
        session = try PrivateSessionBus(prefix: "xmarquee-mutter")
        log = session.folder + "/mutter.log"
        _ = FileManager.default.createFile(atPath: log, contents: nil)
        process.executableURL = URL(fileURLWithPath: "/usr/bin/mutter")
        process.arguments = ["--headless", "--wayland", "--virtual-monitor", "\(width)x\(height)", "--wayland-display", "mutter-test"]
        process.environment = ["XDG_RUNTIME_DIR": session.folder, "HOME": session.folder, "PATH": "/usr/bin:/bin",
                               "DBUS_SESSION_BUS_ADDRESS": session.address]
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
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
        session.stop()
    }

    /// `xprop -root PROPERTY` on Xwayland: the property's value as printed.
    func rootProperty(_ property: String) -> String? {
        guard let result = try? runTool(URL(fileURLWithPath: "/usr/bin/xprop"), ["-root", property], environment: environment),
              result.status == 0, let equals = result.output.firstIndex(of: "=") else { return nil }
        return result.output[result.output.index(after: equals)...].trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Its runtime folder (XDG_RUNTIME_DIR).
    var runtimeDirectory: String { session.folder }
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
