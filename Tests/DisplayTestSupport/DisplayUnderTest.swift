import Foundation
import Glibc

/// A display server a test runs the real `xmarquee` against, the same way on every backend:
/// where xmarquee finds it, what its screen shows, and its sudden death.
protocol DisplayUnderTest: AnyObject {
    /// The backend's name, for messages.
    var name: String { get }
    /// What xmarquee's environment needs to reach it (DISPLAY or WAYLAND_DISPLAY).
    var environment: [String: String] { get }
    /// The whole screen now.
    func screenshot() throws -> Screenshot
    /// A person's pointer and keyboard on it.
    func user() throws -> BarUser
    /// Kills the server at once (SIGKILL): its clients lose their connection.
    func kill()
    func stop()
}

/// The backends a parity test runs on.
enum Backend: String, CaseIterable {
    case x11, wayland

    /// Why this backend cannot be tested here; nil when it can.
    var unavailable: String? {
        switch self {
        case .x11: FileManager.default.isExecutableFile(atPath: "/usr/bin/Xvfb") ? nil : "Xvfb is missing"
        case .wayland: HeadlessSway.unavailable
        }
    }

    /// A new server of this kind, 1280 × 720, its screen otherwise empty. On X11 a compositing
    /// manager runs on it when `compositing` (a translucent window shows its alpha only then;
    /// a Wayland compositor always blends), and a window manager (openbox) when `windowManager`.
    func start(compositing: Bool = false, windowManager: Bool = false) throws -> DisplayUnderTest {
        switch self {
        case .x11: try XvfbDisplay(compositing: compositing, windowManager: windowManager)
        case .wayland: try SwayDisplay()
        }
    }
}

/// Xvfb, and xcompmgr and openbox on it when asked; screenshots through ImageMagick's `import`.
final class XvfbDisplay: DisplayUnderTest {
    let name = "X11 (Xvfb)"
    private let server: XvfbServer
    private var compositor: Process?
    private var windowManager: Process?

    /// An Xvfb of its own, 1280 × 720.
    convenience init(compositing: Bool, windowManager: Bool = false) throws {
        self.init(server: try XvfbServer(width: 1280, height: 720))
        if compositing { try startCompositor() }
        if windowManager { try startWindowManager() }
    }

    /// openbox, once it has said so on the root window (`_NET_SUPPORTING_WM_CHECK`).
    private func startWindowManager() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/openbox")
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        windowManager = process
        guard waitFor(seconds: 20, {
            (try? runTool(URL(fileURLWithPath: "/usr/bin/xprop"), ["-root", "_NET_SUPPORTING_WM_CHECK"], environment: environment))?
                .output.contains("window id") == true
        }) else { throw HarnessError("openbox did not start") }
    }

    /// A server someone else started (and stops).
    init(server: XvfbServer) {
        self.server = server
    }

    private func startCompositor() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/xcompmgr")
        process.environment = ["DISPLAY": server.display]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        compositor = process
    }

    var environment: [String: String] { ["DISPLAY": server.display] }

    func screenshot() throws -> Screenshot { try Screenshot.ofRoot(display: server.display) }

    func user() throws -> BarUser { XdotoolUser(display: server.display) }

    func kill() { Glibc.kill(server.process.processIdentifier, SIGKILL) }

    func stop() {
        for process in [compositor, windowManager].compactMap({ $0 }) where process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
        server.stop()
    }
}

/// A headless sway; screenshots through grim.
final class SwayDisplay: DisplayUnderTest {
    let name = "Wayland (headless sway)"
    private let sway: HeadlessSway

    init() throws { sway = try HeadlessSway() }

    var environment: [String: String] { ["WAYLAND_DISPLAY": sway.waylandDisplay] }

    func screenshot() throws -> Screenshot { try sway.screenshot() }

    func user() throws -> BarUser { try SwayUser(sway: sway) }

    /// Sway itself, not the `runuser` it runs under as root (which would not pass a signal on).
    func kill() {
        let parent = sway.process.processIdentifier
        let children = (try? String(contentsOfFile: "/proc/\(parent)/task/\(parent)/children", encoding: .utf8)) ?? ""
        for child in children.split(separator: " ").compactMap({ Int32($0) }) { Glibc.kill(child, SIGKILL) }
        Glibc.kill(parent, SIGKILL)
    }

    func stop() { sway.stop() }
}

extension Screenshot {
    /// The X display's root window, as ImageMagick's `import` reads it.
    static func ofRoot(display: String) throws -> Screenshot {
        let file = NSTemporaryDirectory() + "xmarquee-shot-\(UUID().uuidString).ppm"
        defer { try? FileManager.default.removeItem(atPath: file) }
        let result = try runTool(URL(fileURLWithPath: "/usr/bin/import"), ["-display", display, "-window", "root", "-depth", "8", file])
        guard result.status == 0, let data = FileManager.default.contents(atPath: file), let shot = Screenshot(ppm: data) else {
            throw HarnessError("import failed: \(result.output)")
        }
        return shot
    }
}
