import Foundation
import XCTest
@testable import DisplayTestSupport

/// A desktop to launch from: Xvfb with openbox, a private session bus with a notification
/// server, and a home folder whose config is `config`.
struct LaunchDesktop {
    let folder = TemporaryFolder()
    let bus: PrivateSessionBus
    let server: FakeBusPeer?
    let session: DesktopSession

    init(config: String, notificationServer: Bool = true) throws {
        folder.write("home/.config/xmarquee/config", config)
        bus = try PrivateSessionBus()
        server = notificationServer ? try FakeBusPeer(FakePeerScripts.notificationServer, bus: bus) : nil
        session = try DesktopSession(width: 1280, height: 400)
        try session.startWindowManager()
    }

    var configPath: String { folder.path + "/home/.config/xmarquee/config" }

    /// Runs the desktop entry's `Exec=` line (the built binary for `xmarquee`) as a launcher
    /// does, with the home folder and the bus.
    func launchEntry(environment extra: [String: String] = [:]) throws -> Process {
        let entry = try String(contentsOfFile: PackagePaths.root + "/assets/xmarquee.desktop", encoding: .utf8)
        let exec = try XCTUnwrap(entry.split(separator: "\n").first { $0.hasPrefix("Exec=") }).dropFirst(5)
        let words = exec.split(separator: " ").map(String.init)
        XCTAssertEqual(words.first, "xmarquee")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: PackagePaths.binary)
        process.arguments = Array(words.dropFirst())
        let environment = bus.environment.merging(["HOME": folder.path + "/home", "XDG_CONFIG_HOME": ""]) { _, new in new }
        return try session.launch(process, environment.merging(extra) { _, new in new })
    }
}

extension DesktopSession {
    /// The words tesseract reads on the bar `window` now.
    func barWords(_ window: String) throws -> [String] {
        let frame = frame(of: window)
        let shot = try Screenshot.ofRoot(display: display)
        return try TextRecognizer.words(in: shot, x: frame.x, y: frame.y, width: frame.width, height: frame.height)
    }
}

extension FakeBusPeer {
    /// The notifications a fake notification server received, one `Notify SUMMARY -- BODY` each.
    var notifications: [String] {
        logged.split(separator: "\n").map(String.init).filter { $0.hasPrefix("Notify ") }
    }
}
