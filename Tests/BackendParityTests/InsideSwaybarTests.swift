import Foundation
import XCTest
@testable import DisplayTestSupport

/// `--geometry WxH+X+Y` on sway: the ticker sits over a region of swaybar (a layer surface at that
/// offset, reserving nothing) while swaybar's own status text stays readable to its right. Each
/// start is a fresh sway and swaybar: which surface ends up on top could race.
final class InsideSwaybarTests: XCTestCase {
    static let status = "RIGHTSIDE-STATUS"
    static let width = 1280, tickerWidth = 480
    static var tickerX: Int { (width - tickerWidth) / 2 }
    static let background = (red: UInt8(0x20), green: UInt8(0x30), blue: UInt8(0x60))

    func testTickerShowsOverTheMiddleOfSwaybarAndItsStatusStaysVisible() throws {
        if let reason = HeadlessSway.unavailable ?? TextRecognizer.unavailable { throw XCTSkip(reason) }
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/swaybar") else { throw XCTSkip("/usr/bin/swaybar is missing") }
        for start in 1...10 { try showsInsideSwaybar(start: start) }
    }

    private func showsInsideSwaybar(start: Int) throws {
        let sway = try HeadlessSway(width: Self.width, height: 400, extraConfig: """
            bar {
                position top
                font DejaVu Sans Mono 12
                status_command while :; do echo \(Self.status); sleep 1; done
            }
            """)
        defer { sway.stop() }
        // swaybar's zone shows in the workspace's rectangle once the bar is up.
        var barHeight = 0
        XCTAssertTrue(waitFor(seconds: 10) {
            barHeight = (try? self.workspaceTop(sway)) ?? 0
            return barHeight > 0
        }, "start \(start): swaybar reserved no zone")
        let home = NSTemporaryDirectory() + "xmarquee-inside-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: home) }
        let ticker = try XMarqueeRun(["--geometry", "\(Self.tickerWidth)x\(barHeight)+\(Self.tickerX)+0",
                                      "--layer", "overlay", "--speed", "0", "--bg", "#203060", "--fg", "#ffffff",
                                      "--font", "DejaVu Sans:pixelsize=15", "--", "INSIDE THE BAR"],
                                     waylandDisplay: sway.waylandDisplay, environment: ["XDG_CONFIG_HOME": home])
        defer { ticker.stop() }
        var shot: Screenshot?
        XCTAssertTrue(waitFor(seconds: 10) {
            shot = try? sway.screenshot()
            return shot.map { self.isTicker($0.pixel(x: Self.tickerX, y: barHeight / 2)) } ?? false
        }, "start \(start): no ticker at x \(Self.tickerX) in swaybar's band")
        guard let shot, ticker.process.isRunning else {
            return XCTFail("start \(start): xmarquee ended: \(ticker.finish(within: 1)?.errors ?? "")")
        }
        // Exactly there: swaybar's own pixels on either side, the ticker's from its first column to its last.
        XCTAssertFalse(isTicker(shot.pixel(x: Self.tickerX - 1, y: barHeight / 2)), "start \(start): ticker left of \(Self.tickerX)")
        XCTAssertTrue(isTicker(shot.pixel(x: Self.tickerX + Self.tickerWidth - 1, y: 0)), "start \(start): ticker not \(Self.tickerWidth) wide")
        XCTAssertFalse(isTicker(shot.pixel(x: Self.tickerX + Self.tickerWidth, y: barHeight / 2)), "start \(start): ticker too wide")
        XCTAssertFalse(isTicker(shot.pixel(x: Self.tickerX, y: barHeight)), "start \(start): ticker taller than swaybar")
        let tickerWords = try TextRecognizer.words(in: shot, x: Self.tickerX, y: 0, width: Self.tickerWidth, height: barHeight)
        XCTAssertTrue(tickerWords.contains("inside") && tickerWords.contains("bar"), "start \(start): ticker reads \(tickerWords)")
        let right = Self.tickerX + Self.tickerWidth
        let statusWords = try TextRecognizer.words(in: shot, x: right, y: 0, width: Self.width - right, height: barHeight)
        XCTAssertTrue(statusWords.contains("rightside") && statusWords.contains("status"), "start \(start): swaybar's status reads \(statusWords)")
        // It reserves nothing: windows still start right below swaybar.
        XCTAssertEqual(try workspaceTop(sway), barHeight, "start \(start)")
        if let folder = ProcessInfo.processInfo.environment["XMARQUEE_SHOT_FOLDER"], start == 1 {
            FileManager.default.createFile(atPath: folder + "/inside-swaybar.ppm",
                                           contents: shot.ppm(x: 0, y: 0, width: Self.width, height: barHeight))
        }
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
