@testable import FontMatching
import Foundation
import MarqueeCore
import MarqueeIO
import MarqueeX11
import TileRaster
import XCTest
@testable import DisplayTestSupport

/// Per-character font fallback on a real X server with the installed fonts: DejaVu Sans as the
/// primary, FontAwesome for icons, and for CJK and emoji whichever fonts fontconfig itself
/// chooses on this machine (`FontconfigChoice`): Droid Sans Fallback and Noto Color Emoji on a
/// build machine, VL Gothic or Noto Sans CJK where those are installed.
final class FontSetTests: XvfbTestCase {
    override class var screen: (width: Int, height: Int) { (640, 120) }

    private static let background = RGBAColor(hex: "#202020")!
    private static let foreground = RGBAColor(hex: "#f0f0f0")!

    private func connection() throws -> XConnection { try SharedConnections.connection(to: Self.server.display) }

    private func openFonts(_ patterns: [String] = ["DejaVu Sans:size=14"]) throws -> FontSet {
        let (fonts, warnings) = try FontSet.open(patterns: patterns, on: try connection())
        XCTAssertEqual(warnings, [])
        return fonts
    }

    /// Draws glyphs (26.6 positions from the left edge) with the tile rasterizer on the
    /// ticker's colours and slot 0's baseline, into a canvas `width` × `height`.
    private func draw(width: Int, height: Int, fonts: FontSet, _ glyphs: [ShapedGlyph]) throws -> WindowPixels {
        let canvas = try XCTUnwrap(TileCanvas(width: width, height: height, format: .rgb))
        let painter = TilePainter(glyphs: GlyphRasterizer { fonts.glyphFace($0) }, slots: fonts.slotMetrics,
                                  foreground: Self.foreground, background: Self.background, capsule: nil, height: height,
                                  format: .rgb)
        canvas.fill(Self.background)
        painter.draw(glyphs, pen: 0, baseline: painter.baseline(slot: 0), color: Self.foreground, into: canvas)
        return WindowPixels(canvas)
    }

    /// Draws `scalars` one by one, each with the font and glyph its slot chose for it alone, at
    /// its advance, into a canvas `height` pixels tall.
    private func render(_ scalars: [Unicode.Scalar], with fonts: FontSet, slot: Int = 0, height: Int) throws -> WindowPixels {
        let width = max(1, scalars.reduce(8) { $0 + fonts.advance(of: $1, font: slot) })
        var x = 4
        let glyphs = scalars.map { scalar in
            let (font, glyph) = fonts.glyph(for: scalar, font: slot)
            defer { x += fonts.advance(of: scalar, font: slot) }
            return ShapedGlyph(font: font, glyph: glyph, x: Int32(x << 6), y: 0, cluster: 0)
        }
        return try draw(width: width, height: height, fonts: fonts, glyphs)
    }

    /// Pixels whose channels differ by more than 40: colour, not the grey of text antialiasing.
    private func colouredPixels(_ pixels: WindowPixels) -> Int {
        var count = 0
        for y in 0..<pixels.height {
            for x in 0..<pixels.width {
                let (r, g, b) = pixels.pixel(x, y)
                if Int(max(r, g, b)) - Int(min(r, g, b)) > 40 { count += 1 }
            }
        }
        return count
    }

    /// First and last rows holding any pixel other than the background.
    private func inkRows(_ pixels: WindowPixels) -> ClosedRange<Int>? {
        let background = (UInt8(0x20), UInt8(0x20), UInt8(0x20))
        let rows = (0..<pixels.height).filter { y in (0..<pixels.width).contains { pixels.pixel($0, y) != background } }
        guard let first = rows.first, let last = rows.last else { return nil }
        return first...last
    }

    func testLatinNeverSearches() throws {
        let fonts = try openFonts()
        for value in UInt32(0x20)...0x7E { _ = fonts.glyph(for: Unicode.Scalar(value)!, font: 0) }
        XCTAssertEqual(fonts.family(drawing: "A", font: 0), "DejaVu Sans")
        XCTAssertEqual(fonts.fallbackSearches, 0)
    }

    func testCJKIsDrawnByAFallbackFontAtThatFontsOwnAdvance() throws {
        let fonts = try openFonts()
        let family = try XCTUnwrap(try FontconfigChoice.family(drawing: "日", pattern: "DejaVu Sans:size=14"),
                                   "an installed font has 日")
        let (alone, _) = try FontSet.open(patterns: ["\(family):size=14"], on: try connection())
        for scalar in "日本語".unicodeScalars {
            XCTAssertEqual(fonts.family(drawing: scalar, font: 0), family, "the font fontconfig chooses for \(scalar)")
            let advance = fonts.advance(of: scalar, font: 0)
            XCTAssertGreaterThan(advance, 0)
            XCTAssertEqual(advance, alone.advance(of: scalar, font: 0), "\(scalar) measured like \(family) itself")
            let (font, glyph) = fonts.glyph(for: scalar, font: 0)
            XCTAssertNotEqual(glyph, 0, "a real glyph, not the missing-glyph box")
            XCTAssertTrue(try XCTUnwrap(fonts.glyphFace(font)).has(scalar))
        }
        XCTAssertEqual(fonts.glyph(for: "日", font: 0).font, fonts.glyph(for: "語", font: 0).font,
                       "one fallback font for all characters it has, not one per character")
    }

    func testEmojiAreDrawnInColourAtTheTextSize() throws {
        let fonts = try openFonts()
        for emoji in ["✅", "🚀"] {
            let scalar = emoji.unicodeScalars.first!
            let family = try FontconfigChoice.colourFamily(drawing: scalar, pattern: "DejaVu Sans:size=14")
            XCTAssertEqual(fonts.family(drawing: scalar, font: 0), family)
            let advance = fonts.advance(of: scalar, font: 0)
            XCTAssertTrue((fonts.height / 2)...(fonts.height * 3 / 2) ~= advance,
                          "\(emoji) is \(advance) px wide; the text is \(fonts.height) px tall")
            let pixels = try render([scalar], with: fonts, height: 32)
            XCTAssertGreaterThan(colouredPixels(pixels), 60, "\(emoji) is drawn in colour")
            let rows = try XCTUnwrap(inkRows(pixels), "\(emoji) draws something")
            XCTAssertGreaterThan(rows.first!, 0, "\(emoji) ink starts below the top edge: \(rows)")
            XCTAssertLessThan(rows.last!, 31, "\(emoji) ink ends above the bottom edge: \(rows)")
            XCTAssertGreaterThanOrEqual(rows.count, fonts.height * 2 / 3, "\(emoji) is not tiny: \(rows)")
        }
    }

    func testEmojiPresentationPrefersTheColourFontOverAMonochromePrimaryGlyph() throws {
        // DejaVu Sans has a black-and-white ⚡ (U+26A1, emoji by default); ☺ (U+263A) is text by
        // default and stays with the primary.
        let fonts = try openFonts()
        let colour = try FontconfigChoice.colourFamily(drawing: "\u{26A1}", pattern: "DejaVu Sans:size=14")
        XCTAssertEqual(fonts.family(drawing: "\u{26A1}", font: 0), colour)
        XCTAssertEqual(fonts.family(drawing: "\u{263A}", font: 0), "DejaVu Sans")
    }

    func testIconFontCodePointsAreDrawnByFontAwesome() throws {
        let fonts = try openFonts()
        for value: UInt32 in [0xF09B, 0xF0E7] {
            let scalar = Unicode.Scalar(value)!
            XCTAssertEqual(fonts.family(drawing: scalar, font: 0), "FontAwesome")
            XCTAssertGreaterThan(fonts.advance(of: scalar, font: 0), 0)
        }
    }

    func testFallbackSearchesAreCachedMissesIncluded() throws {
        let fonts = try openFonts()
        _ = fonts.glyph(for: "語", font: 0)
        XCTAssertEqual(fonts.fallbackSearches, 1)
        _ = fonts.glyph(for: "語", font: 0)
        _ = fonts.advance(of: "語", font: 0)
        XCTAssertEqual(fonts.fallbackSearches, 1, "a character found once is not searched again")

        let nowhere = Unicode.Scalar(0x10FFFD)! // private use: no installed font has it
        let (font, glyph) = fonts.glyph(for: nowhere, font: 0)
        XCTAssertEqual(fonts.fallbackSearches, 2)
        _ = fonts.glyph(for: nowhere, font: 0)
        _ = fonts.advance(of: nowhere, font: 0)
        XCTAssertEqual(fonts.fallbackSearches, 2, "a character no font has is a cached miss")
        XCTAssertEqual(font, fonts.glyph(for: "A", font: 0).font, "a miss draws with the slot's own font")
        XCTAssertEqual(glyph, 0, "its missing-glyph box")
        XCTAssertGreaterThan(fonts.advance(of: nowhere, font: 0), 0, "the box takes room")
    }

    func testDefaultIgnorableCharacterNoFontHasDrawsNothing() throws {
        // VARIATION SELECTOR-17: no installed font has it; it must not show as a box.
        let fonts = try openFonts()
        let selector = Unicode.Scalar(0xE0100)!
        XCTAssertEqual(fonts.advance(of: selector, font: 0), 0)
        let pixels = try render([selector], with: fonts, height: 32)
        XCTAssertNil(inkRows(pixels))
    }

    func testSecondSlotUsesTheSecondPattern() throws {
        let fonts = try openFonts(["DejaVu Sans:size=14", "DejaVu Serif:bold:size=14"])
        XCTAssertEqual(fonts.slotCount, 2)
        XCTAssertEqual(fonts.family(drawing: "A", font: 1), "DejaVu Serif")
        let text = "Markets rally".unicodeScalars
        let sans = text.reduce(0) { $0 + fonts.advance(of: $1, font: 0) }
        let serifBold = text.reduce(0) { $0 + fonts.advance(of: $1, font: 1) }
        XCTAssertNotEqual(sans, serifBold)
        XCTAssertEqual(text.reduce(0) { $0 + fonts.advance(of: $1, font: 7) }, sans, "an unknown slot measures as slot 0")
        let family = try FontconfigChoice.family(drawing: "日", pattern: "DejaVu Serif:bold:size=14")
        XCTAssertEqual(fonts.family(drawing: "日", font: 1), try XCTUnwrap(family), "each slot falls back on its own")
    }

    func testSlotsWithTheSameSizeShareTheirFallbackFont() throws {
        let fonts = try openFonts(["DejaVu Sans:size=14", "DejaVu Serif:size=14"])
        XCTAssertEqual(fonts.glyph(for: "日", font: 0).font, fonts.glyph(for: "日", font: 1).font,
                       "one face for requests that draw it the same")
    }

    func testMissingFamilyWarns() throws {
        let (fonts, warnings) = try FontSet.open(patterns: ["DejaVu Sans", "No Such Family Anywhere:size=12"], on: try connection())
        XCTAssertEqual(fonts.slotCount, 2)
        XCTAssertEqual(warnings.count, 1)
        XCTAssertTrue(warnings[0].hasPrefix("font \"No Such Family Anywhere\" not found; using"), warnings[0])
        XCTAssertThrowsError(try FontSet.open(patterns: [], on: try connection()))
        XCTAssertThrowsError(try FontSet.open(patterns: ["DejaVu Sans", ""], on: try connection()))
    }

    /// A line laid out and shaped as the ticker does it (bidi runs, fallback per cluster), drawn
    /// glyph by glyph into a canvas `height` pixels tall.
    private func render(line: String, with fonts: FontSet, height: Int) throws -> (WindowPixels, CycleLayout) {
        let layout = CycleLayoutBuilder.layout(messages: [Message(line)], settings: LayoutSettings(separator: ""),
                                               reordering: BidiReordering(), cache: ShapeCache(shaper: fonts))
        let glyphs = layout.pieces.flatMap { piece in
            piece.shape.glyphs.map { glyph in
                var placed = glyph
                placed.x = Int32(clamping: (4 << 6) + piece.pen + Int(glyph.x))
                return placed
            }
        }
        let drawn = try draw(width: layout.width + 8, height: height, fonts: fonts, glyphs)
        return (drawn, layout)
    }

    /// The issue's line, through the bidi runs and the fallback fonts, as a picture to look at:
    /// written to $XMARQUEE_FALLBACK_PNG, or to the temporary directory.
    func testMixedLineDrawsEveryCharacterWithAFontThatHasIt() throws {
        let fonts = try openFonts()
        let (pixels, layout) = try render(line: "Latin 日本語 ✅ 🚀 👨‍👩‍👧 🇩🇪 \u{F09B} \u{F0E7} שלום سلام", with: fonts, height: 36)
        for piece in layout.pieces {
            for glyph in piece.shape.glyphs {
                XCTAssertNotEqual(glyph.glyph, 0, "\(fonts.family(ofFace: glyph.font)) has a real glyph for every cluster")
            }
        }
        if try FontconfigChoice.family(drawing: "🚀", pattern: "DejaVu Sans:size=14", colour: true) != nil {
            XCTAssertGreaterThan(colouredPixels(pixels), 100, "the emoji are in colour")
        }
        let path = ProcessInfo.processInfo.environment["XMARQUEE_FALLBACK_PNG"]
            ?? NSTemporaryDirectory() + "xmarquee-font-fallback.png"
        try pixels.writePNG(to: path)
        print("FontSet: mixed line (\(pixels.width)×\(pixels.height)) written to \(path)")
    }

    /// A combining mark takes no room of its own: it is drawn over its base. The
    /// line of samples is written next to the mixed line, for the README's account of scripts.
    func testCombiningMarksAreAttachedToTheirBase() throws {
        let fonts = try openFonts()
        // No precomposed q́ exists: the acute must be attached to the q by the font's mark positioning.
        let shaped = fonts.shape("q\u{301}")
        XCTAssertEqual(shaped.glyphs.count, 2)
        XCTAssertEqual(shaped.advance, fonts.advance(of: "q", font: 0) << 6, accuracy: 64, "the mark takes no room")
        let samples = "cafe\u{301} שָׁלוֹם بَيْت فارسی हिन्दी สวัสดี"
        let (pixels, _) = try render(line: samples, with: fonts, height: 36)
        let path = ProcessInfo.processInfo.environment["XMARQUEE_SCRIPTS_PNG"]
            ?? NSTemporaryDirectory() + "xmarquee-font-scripts.png"
        try pixels.writePNG(to: path)
    }

    func testCostOfFirstAndCachedLookUps() throws {
        let fonts = try openFonts()
        let started = MonotonicClock.now()
        _ = fonts.glyph(for: "日", font: 0)
        let firstCJK = MonotonicClock.now() - started
        let latin = Array("Markets rally as tech stocks climb".unicodeScalars)
        let mixed = Array("Markets 日本語 ✅ 🚀 \u{F09B} ﻡﻼﺳ".unicodeScalars)
        let primary = try XCTUnwrap(fonts.glyphFace(fonts.glyph(for: "A", font: 0).font))
        let perGlyph = { (line: [Unicode.Scalar], lookUp: (Unicode.Scalar) -> UInt32) -> Double in
            for scalar in line { _ = lookUp(scalar) }
            let rounds = 20_000
            let start = MonotonicClock.now()
            var sink: UInt32 = 0
            for _ in 0..<rounds {
                for scalar in line { sink &+= lookUp(scalar) }
            }
            XCTAssertNotEqual(sink, 0)
            return (MonotonicClock.now() - start) / Double(rounds * line.count) * 1e9
        }
        let latinCached = perGlyph(latin) { fonts.glyph(for: $0, font: 0).index }
        let mixedCached = perGlyph(mixed) { fonts.glyph(for: $0, font: 0).index }
        let freeTypeIndex = perGlyph(latin) { primary.glyphIndex($0) }
        print("FontSet: first CJK look-up \(String(format: "%.2f", firstCJK * 1000)) ms; cached glyph(for:font:) "
              + "\(Int(latinCached)) ns a Latin glyph, \(Int(mixedCached)) ns a glyph of a mixed line; "
              + "FreeType's look-up alone \(Int(freeTypeIndex)) ns (this build)")
        XCTAssertLessThan(firstCJK, 0.5)
        XCTAssertLessThan(latinCached, 2000)
    }
}
