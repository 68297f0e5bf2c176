import CX11
import Foundation
import XCTest
@testable import DisplayTestSupport

/// Produces the README's screenshot from the real executable under Xvfb, into the path
/// XMARQUEE_SCREENSHOT names: `make screenshot` runs it, the test runs skip it (what it shows is
/// checked by the pixel and source tests).
final class ScreenshotTests: XCTestCase {
    func testScreenshotOfTheREADME() throws {
        guard let path = ProcessInfo.processInfo.environment["XMARQUEE_SCREENSHOT"] else {
            throw XCTSkip("only `make screenshot` makes the README's picture")
        }
        let server = try XvfbServer(width: 1000, height: 228)
        defer { server.stop() }
        // A two-tier crawl: headlines beside a red label above quotes rolling as a departure board.
        let news = try TickerProcess(["--geometry", "1000x80+0+4", "--height", "80", "--font", "DejaVu Sans:size=15",
                                      "--label", "BREAKING", "--label-bg", "#c00000", "--label-fg", "white", "--fade", "24",
                                      "Markets rally as tech stocks climb", "Central bank holds rates steady",
                                      "Heavy snow expected in the Alps this weekend", "Ferry services resume after the storm",
                                      "--lane", "--mode", "roll", "--font", "DejaVu Sans Mono:size=13:bold", "--fg", "#ffb000",
                                      "--bg", "black", "--label", "%H:%M", "--label-bg", "#ffb000", "--label-fg", "black",
                                      "AAPL %{F#40d040}231.40 +1.2%%", "MSFT %{F#40d040}428.10 +0.4%%", "BTC %{F#ff5050}97,310 −2.1%%"],
                                     display: server.display)
        defer { news.stop() }
        let items = try TickerProcess(["--geometry", "1000x36+0+100", "--font", "DejaVu Sans:size=13", "--bg", "#101018",
                                       "--item-bg", "#33334d", "--separator", "  ", "--speed", "40",
                                       "Build %{B#1f6f3f} passed %{B-} ✅", "東京 日本語 🚀", "שלום עולם · سلام عليكم",
                                       "Docs: %{A:https://example.org/docs:}%{F#8ab4ff}example.org%{F-}%{A}"],
                                      display: server.display)
        defer { items.stop() }
        // Shaped scripts, standing still so each can be read: Noto Sans falls back per cluster to
        // the Noto fonts for Devanagari, Thai, Arabic and Hebrew, and to Droid Sans Fallback.
        let scripts = try TickerProcess(["--geometry", "1000x40+0+144", "--font", "Noto Sans:size=14", "--speed", "0",
                                         "--bg", "#1a1a1a", "--separator", "  ·  ",
                                         "हिन्दी नमस्ते क्ष", "ภาษาไทย น้ำ ที่นี่", "السلام عليكم لا", "שָׁלוֹם עוֹלָם",
                                         "日本語", "AVAWAY To Yo P. office"],
                                        display: server.display)
        defer { scripts.stop() }
        let emoji = try TickerProcess(["--geometry", "1000x40+0+188", "--font", "DejaVu Sans:size=14", "--speed", "0",
                                       "--separator", "   ",
                                       "Family 👨‍👩‍👧", "flags 🇩🇪 🇧🇷 🇯🇵", "skin tones 👍🏽 👋🏿", "keycaps 1️⃣ #️⃣",
                                       "VS16 ❤️ ☺️", "café ñ q\u{301}"],
                                      display: server.display)
        defer { emoji.stop() }
        let probe = try XProbe(server.display)
        XCTAssertTrue(waitUntil(timeout: 10) {
            [news, items, scripts, emoji].allSatisfy { probe.window(ofProcess: $0.pid) != nil }
        })
        // Taken once every band shows its text (the fallback fonts and emoji take longest to load)
        // and the quotes are halfway through a roll: ink in the top rows and the bottom rows of
        // their lane right of the label, the page going and the page coming.
        let bands = [4..<44, 44..<84, 100..<136, 144..<184, 188..<228]
        var screen: WindowPixels?
        XCTAssertTrue(waitUntil(timeout: 20, interval: 0.005) {
            screen = WindowPixels.capture(probe.display, probe.root, width: 1000, height: 228)
            guard let shot = screen, bands.allSatisfy({ Self.textColumns(shot, rows: $0) > 60 }) else { return false }
            return Self.textColumns(shot, rows: 46..<54, from: 120) > 20 && Self.textColumns(shot, rows: 74..<82, from: 120) > 20
        }, "every ticker draws its text, the quotes mid-roll")
        let shot = try XCTUnwrap(screen)
        XCTAssertTrue(shot.pixel(200, 60) != shot.pixel(200, 20), "differently coloured lanes are on screen")
        try shot.writePNG(to: path)
    }

    /// Columns of the band holding a pixel other than its most common colour (the background).
    private static func textColumns(_ screen: WindowPixels, rows: Range<Int>, from first: Int = 0) -> Int {
        var counts: [Int: Int] = [:]
        func key(_ x: Int, _ y: Int) -> Int {
            let (r, g, b) = screen.pixel(x, y)
            return Int(r) << 16 | Int(g) << 8 | Int(b)
        }
        for y in rows { for x in 0..<screen.width { counts[key(x, y), default: 0] += 1 } }
        let background = counts.max { $0.value < $1.value }?.key
        return (first..<screen.width).filter { x in rows.contains { key(x, $0) != background } }.count
    }
}
