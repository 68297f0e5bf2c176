import Foundation
import XCTest
@testable import DisplayTestSupport

/// `--geometry WxH+X+Y` on sway: the ticker sits over a region of swaybar (a layer surface at that
/// offset, reserving nothing) while swaybar's own status text stays readable to its right. Each
/// start is a fresh sway and swaybar: which surface ends up on top could race. Sizes in device
/// pixels; the geometry is given in logical ones (half as many at scale 2).
final class InsideSwaybarTests: XCTestCase {
    static let status = "RIGHTSIDE-STATUS"
    static let width = 1280, tickerWidth = 480
    static var tickerX: Int { (width - tickerWidth) / 2 }
    static let background = (red: UInt8(0x20), green: UInt8(0x30), blue: UInt8(0x60))

    func testTickerShowsOverTheMiddleOfSwaybarAndItsStatusStaysVisible() throws {
        if let reason = HeadlessSway.unavailable ?? TextRecognizer.unavailable { throw XCTSkip(reason) }
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/swaybar") else { throw XCTSkip("/usr/bin/swaybar is missing") }
        for start in 1...10 { try showsInsideSwaybar(start: start, scale: 1) }
    }

    /// At output scale 2 the geometry is in logical pixels: 240 wide at 200 shows 480 device pixels at 400.
    func testGeometryIsInLogicalPixelsAtScale2() throws {
        if let reason = HeadlessSway.unavailable ?? TextRecognizer.unavailable { throw XCTSkip(reason) }
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/swaybar") else { throw XCTSkip("/usr/bin/swaybar is missing") }
        for start in 1...3 { try showsInsideSwaybar(start: start, scale: 2) }
    }

    private func showsInsideSwaybar(start: Int, scale: Int) throws {
        let sway = try HeadlessSway(outputLine: "output HEADLESS-1 mode \(Self.width)x400 position 0 0 scale \(scale)",
                                    backend: ["WLR_BACKENDS": "headless"], extraConfig: """
            bar {
                position top
                font DejaVu Sans Mono 12
                status_command while :; do echo \(Self.status); sleep 1; done
            }
            """)
        defer { sway.stop() }
        // swaybar's zone shows in the workspace's rectangle once the bar is up (logical pixels).
        var logicalBarHeight = 0
        XCTAssertTrue(waitFor(seconds: 10) {
            logicalBarHeight = (try? self.workspaceTop(sway)) ?? 0
            return logicalBarHeight > 0
        }, "scale \(scale) start \(start): swaybar reserved no zone")
        let barHeight = logicalBarHeight * scale
        let home = NSTemporaryDirectory() + "xmarquee-inside-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: home) }
        let ticker = try XMarqueeRun(["--geometry", "\(Self.tickerWidth / scale)x\(logicalBarHeight)+\(Self.tickerX / scale)+0",
                                      "--layer", "overlay", "--speed", "0", "--bg", "#203060", "--fg", "#ffffff",
                                      "--font", "DejaVu Sans:pixelsize=15", "--", "INSIDE THE BAR"],
                                     waylandDisplay: sway.waylandDisplay,
                                     // Every other start with DISPLAY set, as under sway with Xwayland: a
                                     // placed geometry still takes layer-shell (no X server answers there).
                                     environment: ["XDG_CONFIG_HOME": home].merging(start % 2 == 0 ? ["DISPLAY": ":32000"] : [:]) { _, new in new })
        defer { ticker.stop() }
        var shot: Screenshot?
        XCTAssertTrue(waitFor(seconds: 10) {
            shot = try? sway.screenshot()
            return shot.map { self.isTicker($0.pixel(x: Self.tickerX, y: barHeight / 2)) } ?? false
        }, "scale \(scale) start \(start): no ticker at x \(Self.tickerX) in swaybar's band")
        guard var shot, ticker.process.isRunning else {
            return XCTFail("scale \(scale) start \(start): xmarquee ended: \(ticker.finish(within: 1)?.errors ?? "")")
        }
        // The standing bar is read once it has settled: its band the same in two screenshots a
        // moment apart (the first buffer the compositor shows may precede the laid-out text).
        var previous: ArraySlice<UInt8>?
        let settled = waitUntil(timeout: 5, interval: 0.2) {
            guard let next = try? sway.screenshot() else { return false }
            let band = next.band(0..<barHeight)
            defer { (shot, previous) = (next, band) }
            return band == previous
        }
        XCTAssertTrue(settled, "scale \(scale) start \(start): the standing bar kept changing for 5 s")
        // Exactly there: swaybar's own pixels on either side, the ticker's from its first column to its last.
        XCTAssertFalse(isTicker(shot.pixel(x: Self.tickerX - 1, y: barHeight / 2)), "scale \(scale) start \(start): ticker left of \(Self.tickerX)")
        XCTAssertTrue(isTicker(shot.pixel(x: Self.tickerX + Self.tickerWidth - 1, y: 0)), "scale \(scale) start \(start): ticker not \(Self.tickerWidth) wide")
        XCTAssertFalse(isTicker(shot.pixel(x: Self.tickerX + Self.tickerWidth, y: barHeight / 2)), "scale \(scale) start \(start): ticker too wide")
        XCTAssertFalse(isTicker(shot.pixel(x: Self.tickerX, y: barHeight)), "scale \(scale) start \(start): ticker taller than swaybar")
        let tickerWords = try TextRecognizer.words(in: shot, x: Self.tickerX, y: 0, width: Self.tickerWidth, height: barHeight)
        XCTAssertTrue(tickerWords.contains("inside") && tickerWords.contains("bar"), "scale \(scale) start \(start): ticker reads \(tickerWords)")
        let right = Self.tickerX + Self.tickerWidth
        let statusWords = try TextRecognizer.words(in: shot, x: right, y: 0, width: Self.width - right, height: barHeight)
        XCTAssertTrue(statusWords.contains("rightside") && statusWords.contains("status"), "scale \(scale) start \(start): swaybar's status reads \(statusWords)")
        // It reserves nothing: windows still start right below swaybar.
        XCTAssertEqual(try workspaceTop(sway), logicalBarHeight, "scale \(scale) start \(start)")
        if let folder = ProcessInfo.processInfo.environment["XMARQUEE_SHOT_FOLDER"], start == 1 {
            FileManager.default.createFile(atPath: folder + "/inside-swaybar-scale\(scale).ppm",
                                           contents: shot.ppm(x: 0, y: 0, width: Self.width, height: barHeight))
        }
    }

    /// `--monitor` picks the output the offsets count from: on the second output, not the first.
    func testMonitorPicksTheOutput() throws {
        if let reason = HeadlessSway.unavailable { throw XCTSkip(reason) }
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/swaybar") else { throw XCTSkip("/usr/bin/swaybar is missing") }
        let sway = try HeadlessSway(width: Self.width, height: 400, extraConfig: """
            output HEADLESS-2 mode \(Self.width)x400 position \(Self.width) 0
            bar {
                position top
                status_command while :; do echo \(Self.status); sleep 1; done
            }
            """)
        defer { sway.stop() }
        try sway.message(["create_output"])
        var barHeight = 0
        XCTAssertTrue(waitFor(seconds: 10) {
            barHeight = (try? self.workspaceTop(sway)) ?? 0
            return barHeight > 0
        }, "swaybar reserved no zone")
        let home = NSTemporaryDirectory() + "xmarquee-inside-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: home) }
        let ticker = try XMarqueeRun(["--geometry", "\(Self.tickerWidth)x\(barHeight)+\(Self.tickerX)+0", "--monitor", "HEADLESS-2",
                                      "--layer", "overlay", "--speed", "0", "--bg", "#203060", "--", "ON THE SECOND OUTPUT"],
                                     waylandDisplay: sway.waylandDisplay, environment: ["XDG_CONFIG_HOME": home])
        defer { ticker.stop() }
        XCTAssertTrue(waitFor(seconds: 10) {
            guard let shot = try? sway.screenshot(output: "HEADLESS-2") else { return false }
            return self.isTicker(shot.pixel(x: Self.tickerX, y: barHeight / 2)) && !self.isTicker(shot.pixel(x: Self.tickerX - 1, y: barHeight / 2))
        }, "no ticker at x \(Self.tickerX) of HEADLESS-2; \(ticker.process.isRunning ? "" : ticker.finish(within: 1)?.errors ?? "")")
        let first = try sway.screenshot(output: "HEADLESS-1")
        XCTAssertFalse(isTicker(first.pixel(x: Self.tickerX, y: barHeight / 2)), "the ticker is on HEADLESS-1 too")
    }

    private func isTicker(_ pixel: (red: UInt8, green: UInt8, blue: UInt8)) -> Bool {
        pixel.red == Self.background.red && pixel.green == Self.background.green && pixel.blue == Self.background.blue
    }

    /// Where the workspace's rectangle starts: below the zones layer surfaces reserve at the top.
    private func workspaceTop(_ sway: HeadlessSway) throws -> Int {
        let workspaces = try sway.query("get_workspaces") as? [[String: Any]]
        return (workspaces?.first?["rect"] as? [String: Any])?["y"] as? Int ?? 0
    }
}
