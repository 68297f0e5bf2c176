import Foundation
import XCTest
@testable import DisplayTestSupport

/// `--geometry WxH+X+Y --layer overlay` on X11 under openbox: the ticker sits over a region of a
/// docked panel (a Tk dock-type window reserving its height with struts, its status at the right),
/// exactly there, reserving nothing, and stays above the panel when the panel is clicked (openbox
/// raises a clicked dock over another). Each start is a fresh server, window manager and panel.
final class InsidePanelTests: XCTestCase {
    static let width = 1280, panelHeight = 30, tickerWidth = 480
    static var tickerX: Int { (width - tickerWidth) / 2 }

    func testTickerShowsOverThePanelsMiddleAndStaysAboveItWhenThePanelIsClicked() throws {
        if let reason = TextRecognizer.unavailable { throw XCTSkip(reason) }
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/wish") else { throw XCTSkip("/usr/bin/wish is missing (tk)") }
        for start in 1...5 { try showsInsidePanel(start: start) }
    }

    private func showsInsidePanel(start: Int) throws {
        let session = try DesktopSession(width: Self.width, height: 400)
        try session.startWindowManager()
        try startPanel(session, start: start)
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

    /// A panel as status bars make one, drawn by Tk: a dock-type window across the top, its
    /// status text at the right end, its height reserved with struts (set once it is mapped).
    private func startPanel(_ session: DesktopSession, start: Int) throws {
        let folder = NSTemporaryDirectory() + "xmarquee-panel-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: folder) }
        try """
            wm attributes . -type dock
            wm geometry . \(Self.width)x\(Self.panelHeight)+0+0
            . configure -background "#aa0000"
            label .status -text "RIGHTSIDE STATUS" -background "#aa0000" -foreground white -font {{DejaVu Sans} -16}
            pack .status -side right -padx 8
            """.write(toFile: folder + "/testpanel.tcl", atomically: true, encoding: .utf8)
        let panel = Process()
        panel.executableURL = URL(fileURLWithPath: "/usr/bin/wish")
        panel.arguments = [folder + "/testpanel.tcl"]
        try session.launch(panel)
        var window = ""
        XCTAssertTrue(Tool.eventually(timeout: 10) {
            window = Tool.run("xdotool", ["search", "--classname", "testpanel.tcl"], environment: session.environment)
                .output.split(separator: "\n").first.map(String.init) ?? ""
            return !window.isEmpty && session.isViewable(window)
        }, "start \(start): no panel")
        XCTAssertEqual(session.property(window, "_NET_WM_WINDOW_TYPE"), "_NET_WM_WINDOW_TYPE_DOCK")
        Tool.run("xprop", ["-id", window, "-f", "_NET_WM_STRUT_PARTIAL", "32c", "-set", "_NET_WM_STRUT_PARTIAL",
                           "0, 0, \(Self.panelHeight), 0, 0, 0, 0, 0, 0, \(Self.width - 1), 0, 0"], environment: session.environment)
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
