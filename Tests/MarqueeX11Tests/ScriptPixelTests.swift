import CX11
import Foundation
import MarqueeCore
import MarqueeIO
@testable import MarqueeX11
import XCTest
@testable import DisplayTestSupport

/// Shaped text as the ticker draws it: the ink of each sample sits where Pango puts it for the
/// same font and pixel size (±1 px), and is as wide; the emoji are in colour.
final class ScriptPixelTests: XvfbTestCase, TickerRigTests {
    override class var screen: (width: Int, height: Int) { (1400, 200) }

    private var backgroundRGB: (UInt8, UInt8, UInt8) {
        (UInt8(Self.background.red >> 8), UInt8(Self.background.green >> 8), UInt8(Self.background.blue >> 8))
    }

    private func ink(of text: String, pattern: String) throws -> (ink: ClosedRange<Int>?, layout: CycleLayout, window: WindowPixels) {
        let rig = try makeRig([text], speed: 0, width: 1300, height: 56, fonts: [pattern])
        run(rig, seconds: 0.4)
        let layout = try XCTUnwrap(rig.ticker.player.strip.timeline?.segments.first?.content.layout)
        let window = try capture(rig)
        // The message and a little beyond its end (glyphs may overhang), before the separator's bullet.
        let ink = window.inkColumns(in: 0..<min(window.width, layout.messageEnds[0] + 6), background: backgroundRGB)
        return (ink, layout, window)
    }

    func testEverySampleInksWherePangoInksIt() throws {
        for sample in ShapingSample.all where sample.features.isEmpty {
            let (ours, layout, window) = try ink(of: sample.text, pattern: sample.pattern)
            let pango = try ReferenceTools.pangoInk(text: sample.text, font: sample.pangoFont)
            let mine = try XCTUnwrap(ours, sample.name)
            let theirs = try XCTUnwrap(pango, sample.name)
            XCTAssertEqual(Double(mine.lowerBound), Double(theirs.lowerBound), accuracy: 1, "\(sample.name): ink starts where Pango's does")
            XCTAssertEqual(Double(mine.upperBound), Double(theirs.upperBound), accuracy: 1, "\(sample.name): ink ends where Pango's does")
            // A colour bitmap is scaled by Xft's filter here and cairo's there: its faint edge
            // columns may each fall either side of the threshold.
            XCTAssertEqual(Double(mine.count), Double(theirs.count), accuracy: sample.isBitmap ? 2 : 1, "\(sample.name): as wide as Pango's ink")
            XCTAssertLessThanOrEqual(mine.upperBound, layout.messageEnds[0] + 2, "\(sample.name): within its place in the layout")
            print("ScriptPixelTests: \(sample.name): ink \(mine) (pango \(theirs)), advance \(layout.messageEnds[0]) px")
            // Noto's family emoji is a grey silhouette; every other emoji sample has colour.
            if sample.isBitmap && sample.name != "emoji family" {
                XCTAssertGreaterThan(colouredPixels(window, in: mine), 40, "\(sample.name) in colour")
            }
        }
    }

    func testAMixedDirectionLineInksLikePango() throws {
        let text = "שָׁלוֹם world 2024 עוֹלָם"
        let (ours, _, window) = try ink(of: text, pattern: "DejaVu Sans:pixelsize=32")
        try window.writePNG(to: NSTemporaryDirectory() + "xmarquee-mixed-direction.png")
        let mine = try XCTUnwrap(ours)
        let theirs = try XCTUnwrap(try ReferenceTools.pangoInk(text: text, font: "DejaVu Sans 32"))
        XCTAssertEqual(Double(mine.lowerBound), Double(theirs.lowerBound), accuracy: 1)
        XCTAssertEqual(Double(mine.count), Double(theirs.count), accuracy: 1)
    }

    /// Devanagari and Thai words drawn by fallback fonts behind a Latin primary: the space
    /// between two words comes from the font of the words around it, as Pango itemizes it, so
    /// the line is as wide as Pango's (before, the primary's space made it 2.4 % and 0.6 % wider).
    func testSpacesBetweenFallbackWordsAreTheirFontsAsInPango() throws {
        for sample in ShapingSample.all where ["Devanagari", "Thai"].contains(sample.name) {
            let (ours, layout, _) = try ink(of: sample.text, pattern: "DejaVu Sans:pixelsize=32")
            let mine = try XCTUnwrap(ours, sample.name)
            let theirs = try XCTUnwrap(try ReferenceTools.pangoInk(text: sample.text, font: "DejaVu Sans 32"), sample.name)
            print("ScriptPixelTests: \(sample.name) behind DejaVu Sans: ink \(mine) (pango \(theirs)), "
                  + "advance \(layout.messageEnds[0]) px")
            XCTAssertEqual(Double(mine.lowerBound), Double(theirs.lowerBound), accuracy: 1, "\(sample.name): ink starts where Pango's does")
            XCTAssertEqual(Double(mine.upperBound), Double(theirs.upperBound), accuracy: 1, "\(sample.name): ink ends where Pango's does")
        }
    }

    /// Kerning draws "AV" tighter than the letters' own advances.
    func testKerningTightensTheLine() throws {
        let rig = try makeRig(["AVAVAVAVAV"], speed: 0, width: 600, height: 56, fonts: ["DejaVu Sans:pixelsize=32"])
        run(rig, seconds: 0.2)
        let layout = try XCTUnwrap(rig.ticker.player.strip.timeline?.segments.first?.content.layout)
        let unkerned = 5 * (rig.font.advance(of: "A", font: 0) + rig.font.advance(of: "V", font: 0))
        XCTAssertLessThan(layout.messageEnds[0], unkerned - 10, "AV pairs kerned")
    }

    /// Pixels whose channels differ by more than 60: colour, not the grey of antialiased text.
    private func colouredPixels(_ pixels: WindowPixels, in columns: ClosedRange<Int>) -> Int {
        var count = 0
        for x in columns {
            for y in 0..<pixels.height {
                let (r, g, b) = pixels.pixel(x, y)
                if Int(max(r, g, b)) - Int(min(r, g, b)) > 60 { count += 1 }
            }
        }
        return count
    }

    /// Through the executable, in its own process: Xft's colour-glyph state is per process and
    /// per display, and this test process has talked to several servers before this one.
    func testEmojiAreDrawnInColour() throws {
        let (ticker, probe, window) = try TickerProcess.launchWithWindow(
            ["--geometry", "600x36+0+0", "--speed", "0", "--font", "DejaVu Sans:size=14", "go 🚀 ✅ 👨‍👩‍👧 🇩🇪 done"],
            display: Self.server.display)
        defer { ticker.stop() }
        func coloured() -> Int { probe.capture(window).map { colouredPixels($0, in: 0...($0.width - 1)) } ?? 0 }
        XCTAssertTrue(waitUntil(timeout: 5) { coloured() > 50 }, "colour emoji, not grey outlines: \(coloured()) coloured pixels")
        XCTAssertEqual(ticker.standardError, "")
    }
}
