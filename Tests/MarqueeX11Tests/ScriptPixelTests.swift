import BidiText
import CX11
import Foundation
import MarqueeCore
import MarqueeIO
@testable import MarqueeX11
import XCTest

/// Fallback fonts and right-to-left text as the ticker draws them: the model's layout (visual
/// order, fallback widths) checked against the pixels, and those against Xft's own drawing.
final class ScriptPixelTests: XvfbTestCase, TickerRigTests {
    private func shownLayout(_ rig: Rig) throws -> CycleLayout {
        try XCTUnwrap(rig.ticker.timeline?.segments.first?.content.layout)
    }

    /// The share of columns in `0..<width` where the window and the reference are identical.
    private func match(_ window: WindowPixels, _ reference: WindowPixels, from start: Int = 0, width: Int) -> Double {
        let equal = (0..<width).filter { window.column(start + $0) == reference.column($0) }.count
        return Double(equal) / Double(width)
    }

    func testHebrewIsLaidOutAndDrawnRightToLeft() throws {
        let rig = try makeRig(["שלום עולם"], speed: 0, width: 900)
        run(rig, seconds: 0.5)
        let layout = try shownLayout(rig)
        let visual = "םלוע םולש"
        XCTAssertEqual(String(decoding: layout.text, as: UTF8.self), visual + Self.separator, "the model holds the visual order")
        let window = try capture(rig)
        try window.writePNG(to: FileManager.default.temporaryDirectory.appendingPathComponent("xmarquee-hebrew.png").path)
        let expected = try reference(rig, text: visual + Self.separator, font: rig.font.primaryFont, width: layout.width)
        XCTAssertGreaterThan(match(window, expected, width: layout.width), 0.99)
        let logical = try reference(rig, text: "שלום עולם" + Self.separator, font: rig.font.primaryFont, width: layout.width)
        XCTAssertLessThan(match(window, logical, width: layout.width), 0.9, "not drawn in logical order")
    }

    func testArabicIsJoinedAndDrawnAsTheModelSays() throws {
        let rig = try makeRig(["سلام عليكم"], speed: 0, width: 900)
        run(rig, seconds: 0.5)
        let layout = try shownLayout(rig)
        let shaped = String(String.UnicodeScalarView(BidiText.visualLine(Array("سلام عليكم".unicodeScalars)).scalars))
        XCTAssertTrue(shaped.unicodeScalars.allSatisfy { $0 == " " || (0xFE70...0xFEFF).contains($0.value) },
                      "presentation forms only: \(shaped.unicodeScalars.map { String($0.value, radix: 16) })")
        XCTAssertEqual(String(decoding: layout.text, as: UTF8.self), shaped + Self.separator)
        let window = try capture(rig)
        let expected = try reference(rig, text: shaped + Self.separator, font: rig.font.primaryFont, width: layout.width)
        XCTAssertGreaterThan(match(window, expected, width: layout.width), 0.99)
    }

    func testCJKComesFromAFallbackFontAtItsOwnWidths() throws {
        let rig = try makeRig(["Tokyo 日本語 end"], speed: 0, width: 900)
        run(rig, seconds: 0.5)
        let layout = try shownLayout(rig)
        let (droid, _) = try FontSet.open(patterns: ["Droid Sans Fallback:size=14"], on: rig.connection)
        let start = AdvanceCache(measurer: rig.font).width(of: "Tokyo ".unicodeScalars)
        let cjkWidth = "日本語".unicodeScalars.reduce(0) { $0 + droid.advance(of: $1, font: 0) }
        XCTAssertEqual(layout.width, start + cjkWidth + AdvanceCache(measurer: rig.font).width(of: (" end" + Self.separator).unicodeScalars))
        let window = try capture(rig)
        try window.writePNG(to: FileManager.default.temporaryDirectory.appendingPathComponent("xmarquee-cjk.png").path)
        let expected = try reference(rig, text: "日本語", font: droid.primaryFont, width: cjkWidth)
        XCTAssertGreaterThan(match(window, expected, from: start, width: cjkWidth), 0.97,
                             "日本語 drawn like Droid Sans Fallback draws it")
    }

    /// Through the executable, in its own process: Xft's colour-glyph state is per process and
    /// per display, and this test process has talked to several servers before this one.
    func testEmojiAreDrawnInColour() throws {
        let (ticker, probe, window) = try TickerProcess.launchWithWindow(
            ["--geometry", "600x36+0+0", "--speed", "0", "--font", "DejaVu Sans:size=14", "go 🚀 ✅ done"],
            display: Self.server.display, settle: 0.5)
        defer { ticker.stop() }
        let pixels = try XCTUnwrap(probe.capture(window))
        var coloured = 0
        for x in 0..<pixels.width {
            for y in 0..<pixels.height {
                let (r, g, b) = pixels.pixel(x, y)
                if max(r, g, b) - min(r, g, b) > 60 { coloured += 1 }
            }
        }
        XCTAssertGreaterThan(coloured, 50, "colour emoji, not grey outlines")
        XCTAssertEqual(ticker.standardError, "")
    }
}
