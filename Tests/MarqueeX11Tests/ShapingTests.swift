import BidiText
import FontMatching
import Foundation
import MarqueeCore
@testable import MarqueeX11
import XCTest
@testable import DisplayTestSupport

/// The shaper and the layout against HarfBuzz's own `hb-shape` on the same font file, size and
/// features: glyph ids, clusters and positions, exactly.
final class ShapingTests: XvfbTestCase {
    private func openFonts(_ pattern: String, features: String = "") throws -> FontSet {
        let connection = try SharedConnections.connection(to: Self.server.display)
        return try FontSet.open(patterns: [pattern], features: try FontFeatures(parsing: features), on: connection).0
    }

    func testEverySampleIsShapedExactlyAsHbShapeShapesIt() throws {
        for sample in ShapingSample.all {
            let fonts = try openFonts(sample.pattern, features: sample.features)
            let shaped = fonts.shape(sample.text, as: ShapingRun(rightToLeft: sample.rightToLeft))
            let faces = Set(shaped.glyphs.map(\.font))
            XCTAssertEqual(faces.count, 1, "\(sample.name): one font draws it all")
            let face = try XCTUnwrap(faces.first)
            XCTAssertEqual(fonts.family(ofFace: face), sample.family, sample.name)
            let file = try XCTUnwrap(fonts.file(ofFace: face))
            let scale = try XCTUnwrap(fonts.scale(ofFace: face))
            XCTAssertEqual(scale, 32 * 64, "\(sample.name): shaped at 32 px in 26.6")
            let expected = try ReferenceTools.hbShape(file: file, scale: scale, text: sample.text, features: sample.features,
                                                      rightToLeft: sample.rightToLeft)
            let ours = shaped.glyphs.map { ReferenceTools.Glyph(glyph: $0.glyph, cluster: $0.cluster, x: Int($0.x), y: Int($0.y)) }
            XCTAssertEqual(ours, expected.glyphs, sample.name)
            XCTAssertEqual(shaped.advance, expected.advance, sample.name)
            print("ShapingTests: \(sample.name) \"\(sample.text)\": \(ours.count) glyphs, advance \(shaped.advance)/64 px, "
                  + "equal to hb-shape: \(ours == expected.glyphs && shaped.advance == expected.advance)")
        }
    }

    /// The layout shapes word by word; placed at their pens, the words' glyphs are exactly the
    /// whole line's (the samples' fonts do not kern or join across a space).
    func testTheLayoutPlacesTheWordsWhereTheWholeLineShapesThem() throws {
        for sample in ShapingSample.all {
            let fonts = try openFonts(sample.pattern, features: sample.features)
            let whole = fonts.shape(sample.text, as: ShapingRun(rightToLeft: sample.rightToLeft))
            let layout = CycleLayoutBuilder.layout(messages: [Message(sample.text)], settings: LayoutSettings(separator: ""),
                                                   reordering: BidiReordering(), cache: ShapeCache(shaper: fonts))
            let placed = layout.pieces.flatMap { piece in piece.shape.glyphs.map { (glyph: $0.glyph, x: piece.pen + Int($0.x), y: Int($0.y)) } }
            XCTAssertEqual(placed.map(\.glyph), whole.glyphs.map(\.glyph), sample.name)
            XCTAssertEqual(placed.map(\.x), whole.glyphs.map { Int($0.x) }, sample.name)
            XCTAssertEqual(placed.map(\.y), whole.glyphs.map { Int($0.y) }, sample.name)
            XCTAssertEqual(layout.width, pixels(whole.advance), sample.name)
        }
    }

    /// A mixed line: each directional run FriBidi finds is shaped in its own direction, exactly
    /// as hb-shape shapes that run, and the runs stand in visual order.
    func testAMixedHebrewEnglishNumberLineIsShapedRunByRun() throws {
        let text = "שָׁלוֹם world 2024 עוֹלָם"
        let fonts = try openFonts("DejaVu Sans:pixelsize=32")
        let layout = CycleLayoutBuilder.layout(messages: [Message(text)], settings: LayoutSettings(separator: ""),
                                               reordering: BidiReordering(), cache: ShapeCache(shaper: fonts))
        let scalars = Array(text.unicodeScalars)
        let runs = BidiText.runs(scalars)
        XCTAssertEqual(runs.map(\.rightToLeft), [true, false, true], "עולם, then world 2024, then שלום, left to right")
        var placed = layout.pieces.flatMap { piece in piece.shape.glyphs.map { (glyph: $0.glyph, x: piece.pen + Int($0.x)) } }
        var pen = 0
        for run in runs {
            let runText = String(String.UnicodeScalarView(scalars[run.range]))
            let expected = try ReferenceTools.hbShape(file: try XCTUnwrap(fonts.file(ofFace: 0)), scale: 32 * 64, text: runText,
                                                      rightToLeft: run.rightToLeft)
            let mine = placed.prefix(expected.glyphs.count)
            placed.removeFirst(expected.glyphs.count)
            XCTAssertEqual(mine.map(\.glyph), expected.glyphs.map(\.glyph), runText)
            XCTAssertEqual(mine.map { $0.x - pen }, expected.glyphs.map(\.x), runText)
            pen += expected.advance
        }
        XCTAssertTrue(placed.isEmpty)
    }

    /// Even where the user asks for proportional digits (`pnum`), a clock's run asks for tabular
    /// ones after them, so its width never changes while it ticks.
    func testTabularDigitsGiveAClockOneWidth() throws {
        let fonts = try openFonts("Noto Sans:pixelsize=32", features: "pnum")
        var widths = Set<Int>()
        var proportional = Set<Int>()
        for time in ["11:11:11", "00:00:00", "18:48:08"] {
            widths.insert(fonts.shape(time, as: ShapingRun(tabularDigits: true)).advance)
            proportional.insert(fonts.shape(time).advance)
        }
        XCTAssertEqual(widths.count, 1, "tnum: every time is as wide")
        XCTAssertGreaterThan(proportional.count, 1, "with pnum, Noto Sans's digits are proportional")
    }

    func testBadInputIsBoundedAndDrawsSomething() throws {
        let fonts = try openFonts("DejaVu Sans:pixelsize=16")
        let cache = ShapeCache(shaper: fonts)
        let cases = [
            "a" + String(repeating: "\u{301}", count: 100_000),
            "\u{200D}", "\u{FE0F}", "x\u{200D}", "🇩🇪🇫", "🇩", "\u{2067}\u{2067}abc\u{2069}", "\u{10FFFD}\u{E0100}",
            "\u{0BDE}\u{11A00}\u{1E900}\u{16A40}", String(repeating: "ส", count: 5000),
        ]
        for text in cases {
            let started = Date()
            let layout = CycleLayoutBuilder.layout(messages: [Message(text)], settings: LayoutSettings(separator: " "),
                                                   reordering: BidiReordering(), cache: cache)
            XCTAssertLessThan(Date().timeIntervalSince(started), 2, "\(text.unicodeScalars.count) characters")
            XCTAssertGreaterThan(layout.width, 0)
            let longest = layout.pieces.map { $0.shape.glyphs.count }.max() ?? 0
            XCTAssertLessThanOrEqual(longest, 200, "no piece is shaped whole when it is that long")
        }
        // A cluster no installed font has: one missing-glyph box, not one per character.
        let unknown = fonts.shape("\u{10FFFD}\u{10FFFD}\u{301}")
        XCTAssertEqual(unknown.glyphs.filter { $0.glyph == 0 }.count, 2, "two clusters, two boxes")
    }
}
