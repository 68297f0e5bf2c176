import Foundation
import Glibc
import XCTest
@testable import DisplayTestSupport

/// One behaviour, one test code, every backend: each check below runs the real `xmarquee` as a
/// 40-px top bar on X11 (Xvfb) and on Wayland (headless sway) and reads the screen the same way.
final class BackendParityTests: ParityTestCase {
    func testSIGHUPAndAnEditedConfigApplyLiveOnX11() throws { try sighupAndEditedConfigApplyLive(on: .x11) }
    func testSIGHUPAndAnEditedConfigApplyLiveOnWayland() throws { try sighupAndEditedConfigApplyLive(on: .wayland) }
    func testATranslucentBackgroundBlendsOverTheDesktopOnX11() throws { try translucentBackgroundBlends(on: .x11) }
    func testATranslucentBackgroundBlendsOverTheDesktopOnWayland() throws { try translucentBackgroundBlends(on: .wayland) }
    func testTheFadeDarkensTheEdgesOnX11() throws { try fadeDarkensTheEdges(on: .x11) }
    func testTheFadeDarkensTheEdgesOnWayland() throws { try fadeDarkensTheEdges(on: .wayland) }
    func testXColourNamesOnX11() throws { try colourNamesWork(on: .x11) }
    func testXColourNamesOnWayland() throws { try colourNamesWork(on: .wayland) }
    func testALostDisplayEndsWithStatus4OnX11() throws { try lostDisplayEndsWithStatus4(on: .x11) }
    func testALostDisplayEndsWithStatus4OnWayland() throws { try lostDisplayEndsWithStatus4(on: .wayland) }

    func testCtlStatusHasTheSameKeysOnEveryBackend() throws {
        var keys: [Backend: Set<String>] = [:]
        for backend in Backend.allCases {
            try withBar(on: backend, ["--bg", "#203040"]) { _, _, name in
                let status = try XCTUnwrap(waitForStatus(name), "\(backend): ctl status")
                keys[backend] = Set(status.keys)
            }
        }
        XCTAssertEqual(keys[.x11], keys[.wayland], "the same status keys on X11 and Wayland")
        XCTAssertTrue(keys[.x11]?.isSuperset(of: ["framesShown", "present", "tearFree", "speed", "refreshRate", "dpi"]) ?? false,
                      "status keys: \(keys[.x11]?.sorted() ?? [])")
    }

    // MARK: The checks

    /// SIGHUP rereads the config file, and saving it applies it, with the process running on.
    private func sighupAndEditedConfigApplyLive(on backend: Backend) throws {
        let folder = try temporaryFolder()
        let config = folder + "/config.toml"
        try "bg = \"#ff0000\"\n".write(toFile: config, atomically: true, encoding: .utf8)
        // A second name for the same file, in a folder the ticker does not watch: a write through
        // it is seen only by whoever reads the file again (SIGHUP).
        let elsewhere = try temporaryFolder() + "/same-file.toml"
        XCTAssertEqual(link(config, elsewhere), 0)
        try withBar(on: backend, ["--config", config]) { display, run, _ in
            XCTAssertTrue(waitForBackground(display, (0xFF, 0, 0)), "\(backend): red at start")
            try writeInPlace("bg = \"#0000ff\"\n", to: elsewhere)
            // A negative over a window of time: a reload anywhere in it would show (a saved file
            // applies well within it, as the last step shows).
            XCTAssertTrue(holds(for: 0.7) { (try? background(display)) == Pixel(0xFF, 0, 0) }, "\(backend): nothing reloads before SIGHUP")
            Glibc.kill(run.process.processIdentifier, SIGHUP)
            XCTAssertTrue(waitForBackground(display, (0, 0, 0xFF)), "\(backend): blue after SIGHUP")
            XCTAssertTrue(run.process.isRunning, "\(backend): SIGHUP reloads, it does not end the ticker")
            // As an editor saves: a new file renamed over the old one.
            try "bg = \"#00ff00\"\n".write(toFile: config, atomically: true, encoding: .utf8)
            XCTAssertTrue(waitForBackground(display, (0, 0xFF, 0)), "\(backend): green once the file is saved")
            XCTAssertTrue(run.process.isRunning)
        }
    }

    /// `--bg '#00000080'`: what is below shows through, at half its brightness.
    private func translucentBackgroundBlends(on backend: Backend) throws {
        try withBar(on: backend, ["--bg", "#00000080"], compositing: true) { display, _, _ in
            var shown = Pixel(0, 0, 0), below = Pixel(0, 0, 0)
            let blended = waitFor(seconds: 5) {
                guard let shot = try? display.screenshot() else { return false }
                below = Pixel(shot.pixel(x: 640, y: 400))
                shown = Pixel(shot.pixel(x: 3, y: 1))
                return below.brightness > 40 && shown.isClose(to: below.scaled(by: 0x7F / 255.0), tolerance: 3)
            }
            XCTAssertTrue(blended, "\(backend): the bar's background \(shown) is the desktop's \(below) at half")
        }
    }

    /// `--fade 40`: full blocks reach both edges, and the edge columns are darker than the middle.
    private func fadeDarkensTheEdges(on backend: Backend) throws {
        let blocks = String(repeating: "\u{2588}", count: 200)
        try withBar(on: backend, ["--fade", "40", "--fg", "#ffffff", "--bg", "#000000", "--speed", "0"], text: blocks) { display, _, _ in
            var shot: Screenshot?
            let drawn = waitFor(seconds: 5) {
                shot = try? display.screenshot()
                return shot.map { Pixel($0.pixel(x: 640, y: 20)).brightness > 200 } ?? false
            }
            XCTAssertTrue(drawn, "\(backend): the blocks are drawn")
            guard let shot else { return }
            func column(_ x: Int) -> Int { Pixel(shot.pixel(x: x, y: 20)).brightness }
            XCTAssertLessThan(column(1), 30, "\(backend): all background at the left edge")
            XCTAssertLessThan(column(shot.width - 2), 30, "\(backend): all background at the right edge")
            XCTAssertLessThan(column(10), column(30), "\(backend): brighter further in")
            XCTAssertGreaterThan(column(60), 200, "\(backend): the middle is untouched")
        }
    }

    /// X's colour names, where no X server may be there to ask.
    private func colourNamesWork(on backend: Backend) throws {
        try withBar(on: backend, ["--bg", "navy", "--fg", "light goldenrod yellow"]) { display, _, _ in
            XCTAssertTrue(waitForBackground(display, (0, 0, 0x80)), "\(backend): navy is #000080")
        }
    }

    /// The display server dies: the ticker ends with 4, saying why.
    private func lostDisplayEndsWithStatus4(on backend: Backend) throws {
        try withBar(on: backend, ["--bg", "#203040"]) { display, run, name in
            XCTAssertNotNil(waitForStatus(name), "\(backend): running")
            display.kill()
            let end = try XCTUnwrap(run.finish(within: 10), "\(backend): it ends when the display goes")
            XCTAssertEqual(end.status, 4, "\(backend): status 4 for a lost display; stderr: \(end.errors)")
        }
    }

    // MARK: Files and the screen

    /// Writes `text` into the file at `path` itself (truncated, not replaced): every name of it sees it.
    private func writeInPlace(_ text: String, to path: String) throws {
        guard let file = fopen(path, "w") else { throw HarnessError("cannot write \(path)") }
        defer { fclose(file) }
        _ = text.withCString { fputs($0, file) }
    }

    /// The bar's background: its top row, clear of the text, at the left edge.
    private func background(_ display: DisplayUnderTest) throws -> Pixel { Pixel(try display.screenshot().pixel(x: 3, y: 1)) }

    private func waitForBackground(_ display: DisplayUnderTest, _ rgb: (UInt8, UInt8, UInt8)) -> Bool {
        waitFor(seconds: 5) { (try? background(display)) == Pixel(rgb.0, rgb.1, rgb.2) }
    }
}
