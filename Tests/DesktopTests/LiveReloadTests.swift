import Foundation
import XCTest

/// Editing the config file (or SIGHUP) while the ticker runs.
final class LiveReloadTests: XCTestCase {
    func testSavedChangeAppliesAndAnInvalidEditKeepsTheRunningConfiguration() throws {
        let session = try DesktopSession()
        try session.startWindowManager()
        let folder = TemporaryFolder()
        let config = folder.write("config", "bg = \"#ff0000\"\nfg = \"#ff0000\"\nspeed = 60\n")
        let process = try session.launchXmarquee(["--bar", "top", "--height", "30", "text"], config: config)
        let bar = try XCTUnwrap(session.window(of: process), session.errors(of: process))
        func barIs(_ red: Int, _ green: Int, _ blue: Int) -> Bool {
            guard let pixel = session.pixel(x: 500, y: 15) else { return false }
            return abs(pixel.red - red) < 30 && abs(pixel.green - green) < 30 && abs(pixel.blue - blue) < 30
        }
        XCTAssertTrue(Tool.eventually { barIs(255, 0, 0) })

        // Saved with a new colour (written and renamed over, the way editors save).
        folder.write("config", "bg = \"#00ff00\"\nfg = \"#00ff00\"\nspeed = 60\nkeep = 3\n")
        XCTAssertTrue(Tool.eventually { barIs(0, 255, 0) }, "bar: \(String(describing: session.pixel(x: 500, y: 15)))")
        XCTAssertTrue(Tool.eventually { session.errors(of: process).contains("keep changed; restart xmarquee to apply") },
                      session.errors(of: process))

        // An invalid edit: reported, and the running configuration stays.
        folder.write("config", "bg = = \"#0000ff\"\n")
        XCTAssertTrue(Tool.eventually { session.errors(of: process).contains("keeping the running configuration") },
                      session.errors(of: process))
        XCTAssertTrue(barIs(0, 255, 0))
        XCTAssertTrue(process.isRunning)

        // Fixed again: applied; then SIGHUP asks for a reload, which says so.
        folder.write("config", "bg = \"#0000ff\"\nfg = \"#0000ff\"\n")
        XCTAssertTrue(Tool.eventually { barIs(0, 0, 255) })
        kill(process.processIdentifier, SIGHUP)
        XCTAssertTrue(Tool.eventually { session.errors(of: process).contains("config reloaded (SIGHUP)") },
                      session.errors(of: process))
        XCTAssertTrue(session.frame(of: bar) == (0, 0, 1920, 30))
        XCTAssertTrue(process.isRunning)
    }

    /// A config kept elsewhere (a dotfiles repository) and linked into place: saving the target
    /// reloads too.
    func testSymlinkedConfigIsFollowed() throws {
        let session = try DesktopSession()
        try session.startWindowManager()
        let folder = TemporaryFolder()
        let target = folder.write("dotfiles/xmarquee.toml", "bg = \"#ff0000\"\nfg = \"#ff0000\"\n")
        let link = folder.path + "/config"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        let process = try session.launchXmarquee(["--bar", "top", "--height", "30", "text"], config: link)
        _ = try XCTUnwrap(session.window(of: process), session.errors(of: process))
        XCTAssertTrue(Tool.eventually { session.pixel(x: 500, y: 15).map { $0.red > 200 } ?? false })
        folder.write("dotfiles/xmarquee.toml", "bg = \"#00ff00\"\nfg = \"#00ff00\"\n")
        XCTAssertTrue(Tool.eventually { session.pixel(x: 500, y: 15).map { $0.green > 200 && $0.red < 50 } ?? false },
                      session.errors(of: process))
    }

    /// A bar takes a new height or monitor from a saved config, struts included; without a
    /// height of its own it keeps fitting a new font.
    func testBarHeightMonitorAndFontFitLive() throws {
        let session = try DesktopSession()
        try session.startWindowManager()
        session.xrandr("--setmonitor", "L", "960/254x1080/286+0+0", "none")
        session.xrandr("--setmonitor", "R", "960/254x1080/286+960+0", "none")
        let folder = TemporaryFolder()
        let config = folder.write("config", "bar = \"top\"\nmonitor = \"L\"\nheight = 30\n")
        let process = try session.launchXmarquee(["text"], config: config)
        let bar = try XCTUnwrap(session.window(of: process), session.errors(of: process))
        XCTAssertTrue(session.frame(of: bar) == (0, 0, 960, 30), "\(session.frame(of: bar))")

        folder.write("config", "bar = \"top\"\nmonitor = \"R\"\nheight = 44\n")
        XCTAssertTrue(Tool.eventually { session.frame(of: bar) == (960, 0, 960, 44) }, "\(session.frame(of: bar))")
        XCTAssertEqual(session.cardinals(bar, "_NET_WM_STRUT_PARTIAL"), [0, 0, 44, 0, 0, 0, 0, 0, 960, 1919, 0, 0])

        folder.write("config", "bar = \"top\"\nmonitor = \"R\"\nfont = \"DejaVu Sans:pixelsize=10\"\n")
        XCTAssertTrue(Tool.eventually { session.frame(of: bar).height < 24 }, "\(session.frame(of: bar))")
        let small = session.frame(of: bar).height
        folder.write("config", "bar = \"top\"\nmonitor = \"R\"\nfont = \"DejaVu Sans:pixelsize=40\"\n")
        XCTAssertTrue(Tool.eventually { session.frame(of: bar).height > 40 }, "\(session.frame(of: bar))")
        let large = session.frame(of: bar).height
        XCTAssertEqual(session.cardinals(bar, "_NET_WM_STRUT_PARTIAL")[2], large)
        XCTAssertGreaterThan(large, small)
        XCTAssertFalse(session.errors(of: process).contains("restart"), session.errors(of: process))
        XCTAssertTrue(process.isRunning)
    }
}
