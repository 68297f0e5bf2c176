import Foundation
import XCTest
@testable import DisplayTestSupport

/// `--geometry WxH+X+Y --layer overlay` on X11 under openbox: the ticker sits over a region of a
/// docked panel (a dock-type window reserving its height with struts, its status at the right),
/// exactly there, reserving nothing, and stays above the panel when the panel is clicked (openbox
/// raises a clicked dock). Each start is a fresh server, window manager and panel.
final class InsidePanelTests: XCTestCase {
    static let width = 1280, panelHeight = 30, tickerWidth = 480
    static var tickerX: Int { (width - tickerWidth) / 2 }

    func testTickerShowsOverThePanelsMiddleAndStaysAboveItWhenThePanelIsClicked() throws {
        if let reason = TextRecognizer.unavailable { throw XCTSkip(reason) }
        for start in 1...5 { try showsInsidePanel(start: start) }
    }

    private func showsInsidePanel(start: Int) throws {
        let session = try DesktopSession(width: Self.width, height: 400)
        try session.startWindowManager()
        let panel = try session.launchXmarquee(["--bar", "top", "--height", "\(Self.panelHeight)", "--mode", "overflow", "--align", "right",
                                                "--speed", "0", "--bg", "#aa0000", "--fg", "#ffffff", "--font", "DejaVu Sans:pixelsize=16",
                                                "RIGHTSIDE STATUS"])
        _ = try XCTUnwrap(session.window(of: panel), "start \(start): no panel; \(session.errors(of: panel))")
        let ticker = try session.launchXmarquee(["--geometry", "\(Self.tickerWidth)x\(Self.panelHeight)+\(Self.tickerX)+0",
                                                 "--layer", "overlay", "--speed", "0", "--bg", "#203060", "--fg", "#ffffff",
                                                 "--font", "DejaVu Sans:pixelsize=16", "INSIDE THE PANEL"])
        let window = try XCTUnwrap(session.window(of: ticker), "start \(start): no ticker; \(session.errors(of: ticker))")
        XCTAssertTrue(session.frame(of: window) == (Self.tickerX, 0, Self.tickerWidth, Self.panelHeight), "start \(start): \(session.frame(of: window))")
        // Nothing reserved but the panel's own height; no window-manager state to keep it above.
        XCTAssertEqual(session.cardinals(window, "_NET_WM_STRUT_PARTIAL"), [])
        XCTAssertTrue(Tool.eventually { session.rootCardinals("_NET_WORKAREA").prefix(4) == [0, 30, 1280, 370] },
                      "start \(start): work area \(session.rootCardinals("_NET_WORKAREA"))")
        try checkScreen(session, "start \(start)")
        // Clicks on the panel either side of the ticker: openbox raises the panel; the ticker stays.
        for x in [100, Self.width - 100] {
            Tool.run("xdotool", ["mousemove", "\(x)", "10", "click", "1"], environment: session.environment)
        }
        Thread.sleep(forTimeInterval: 0.3)
        try checkScreen(session, "start \(start), after clicks on the panel")
        if let folder = ProcessInfo.processInfo.environment["XMARQUEE_SHOT_FOLDER"], start == 1 {
            FileManager.default.createFile(atPath: folder + "/inside-panel.ppm",
                                           contents: try screen(session).ppm(x: 0, y: 0, width: Self.width, height: Self.panelHeight))
        }
    }

    /// The ticker's text in its place, the panel's status to its right, each read by OCR.
    private func checkScreen(_ session: DesktopSession, _ label: String) throws {
        var shot: Screenshot?
        XCTAssertTrue(Tool.eventually {
            shot = try? self.screen(session)
            return shot.map { self.isTicker($0.pixel(x: Self.tickerX, y: 15)) && self.isTicker($0.pixel(x: Self.tickerX + Self.tickerWidth - 1, y: 0)) } ?? false
        }, "\(label): no ticker over the panel")
        guard let shot else { return }
        XCTAssertFalse(isTicker(shot.pixel(x: Self.tickerX - 1, y: 15)), label)
        XCTAssertFalse(isTicker(shot.pixel(x: Self.tickerX + Self.tickerWidth, y: 15)), label)
        let tickerWords = try TextRecognizer.words(in: shot, x: Self.tickerX, y: 0, width: Self.tickerWidth, height: Self.panelHeight)
        XCTAssertTrue(tickerWords.contains("inside") && tickerWords.contains("panel"), "\(label): ticker reads \(tickerWords)")
        let right = Self.tickerX + Self.tickerWidth
        let statusWords = try TextRecognizer.words(in: shot, x: right, y: 0, width: Self.width - right, height: Self.panelHeight)
        XCTAssertTrue(statusWords.contains("rightside") && statusWords.contains("status"), "\(label): panel reads \(statusWords)")
    }

    /// The screen as the user sees it (after stacking).
    private func screen(_ session: DesktopSession) throws -> Screenshot {
        let file = NSTemporaryDirectory() + "xmarquee-panel-\(UUID().uuidString).ppm"
        let run = Tool.run("import", ["-window", "root", "-depth", "8", "ppm:" + file], environment: session.environment)
        guard run.status == 0 else { throw HarnessError("import failed: \(run.output)") }
        return try Screenshot.read(file)
    }

    private func isTicker(_ pixel: (red: UInt8, green: UInt8, blue: UInt8)) -> Bool {
        pixel.red == 0x20 && pixel.green == 0x30 && pixel.blue == 0x60
    }
}
