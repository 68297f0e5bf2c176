import Foundation
import XCTest
@testable import DisplayTestSupport

/// A standing bar as the X11 backend draws it, for comparing a compositor's picture of the same
/// bar with: the same arguments on an Xvfb whose desktop asks for the same DPI (`Xft.dpi`, as
/// xrdb sets it), `rows` device rows of it.
struct StandingBarReference {
    let arguments: [String]
    let text: String
    /// The bar's background, as `--bg` gives it.
    let background: Pixel

    /// The bar drawn on X11 at `dpi`, `width` device pixels wide and `rows` tall.
    func drawnOnX11(dpi: Int, width: Int, rows: Int) throws -> Screenshot {
        let server = try XvfbServer(width: width, height: 200)
        defer { server.stop() }
        let resources = NSTemporaryDirectory() + "xmarquee-dpi-\(UUID().uuidString)"
        try "Xft.dpi: \(dpi)\n".write(toFile: resources, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: resources) }
        XCTAssertEqual(try runTool(URL(fileURLWithPath: "/usr/bin/xrdb"), ["-display", server.display, "-merge", resources]).status, 0)
        let display = XvfbDisplay(server: server)
        let run = try XMarqueeRun(arguments + ["--", text], waylandDisplay: nil, environment: display.environment)
        defer { run.stop() }
        var shot: Screenshot?
        XCTAssertTrue(waitFor(seconds: 10) {
            shot = try? display.screenshot()
            return shot.map { Pixel($0.pixel(x: width - 20, y: rows - 1)) == background && Self.hasInk($0, rows: rows, background: background) }
                ?? false
        }, "X11's bar, \(rows) rows at \(dpi) dpi")
        return try XCTUnwrap(shot)
    }

    /// The mean absolute difference of the first `rows` rows, in grey levels per channel.
    static func meanDifference(_ a: Screenshot, _ b: Screenshot, rows: Int) -> Double {
        a.meanAbsoluteDifference(ScreenRectangle(x: 0, y: 0, width: min(a.width, b.width), height: rows), from: b)
    }

    /// Whether the first `rows` rows show anything but the background (the text is drawn).
    static func hasInk(_ shot: Screenshot, rows: Int, background: Pixel) -> Bool {
        for y in stride(from: 0, to: rows, by: 2) {
            for x in stride(from: 0, to: min(shot.width, 600), by: 3) where Pixel(shot.pixel(x: x, y: y)) != background {
                return true
            }
        }
        return false
    }
}
