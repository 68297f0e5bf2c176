import FontMatching
import MarqueeCore
@testable import TileRaster
import XCTest

/// Glyphs drawn at sub-pixel phases: each phase is the same glyph moved by exactly its fraction
/// of a pixel (not a blurred copy), and the cache stays within its bytes.
final class GlyphRasterizerTests: XCTestCase {
    static let dejaVu = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    /// DejaVu Sans's glyph for "l" (a plain vertical stem) and "H".
    static let stem: UInt32 = 79
    static let capitalH: UInt32 = 43

    private func rasterizer(budget: Int = 4 << 20) throws -> GlyphRasterizer {
        try XCTSkipUnless(FileManager.default.fileExists(atPath: Self.dejaVu), "fonts-dejavu-core is not installed")
        let face = try XCTUnwrap(FontFace(description: GlyphFaceDescription(file: Self.dejaVu, index: 0, pixelSize: 20),
                                          library: try XCTUnwrap(FreeTypeLibrary())))
        return GlyphRasterizer(budget: budget) { _ in face }
    }

    /// The coverage-weighted mean column of a glyph image, in pixels from the pen's whole pixel.
    private func centroid(_ image: GlyphImage) -> Double {
        let canvas = TileCanvas(width: 64, height: 64, format: .argb)!
        canvas.fill(RGBAColor(red: 0, green: 0, blue: 0, alpha: 0))
        canvas.draw(image, x: 16 + image.left, y: 8, color: RGBAColor(red: 0xFFFF, green: 0xFFFF, blue: 0xFFFF))
        var weighted = 0.0, total = 0.0
        for y in 0..<64 {
            for x in 0..<64 {
                let alpha = Double(canvas.pixel(x: x, y: y).alpha)
                weighted += alpha * (Double(x) + 0.5)
                total += alpha
            }
        }
        return weighted / total - 16
    }

    func testEachPhaseMovesTheGlyphByItsFraction() throws {
        let glyphs = try rasterizer()
        let base = try XCTUnwrap(glyphs.image(face: 0, glyph: Self.capitalH, phase: 0))
        let origin = centroid(base)
        for phase in 1..<SubpixelGrid.steps {
            let image = try XCTUnwrap(glyphs.image(face: 0, glyph: Self.capitalH, phase: phase))
            let moved = centroid(image) - origin
            XCTAssertEqual(moved, Double(phase) / Double(SubpixelGrid.steps), accuracy: 0.02, "phase \(phase)")
        }
    }

    func testAPhaseIsARasterizationNotABlur() throws {
        // A stem drawn at phase 0 and at half a pixel carries the same ink: moving the outline
        // keeps its coverage, where resampling a whole-pixel image would smear it the same way
        // but also cap its darkest column below the stem's.
        let glyphs = try rasterizer()
        let whole = try XCTUnwrap(glyphs.image(face: 0, glyph: Self.stem, phase: 0))
        let half = try XCTUnwrap(glyphs.image(face: 0, glyph: Self.stem, phase: 4))
        func ink(_ image: GlyphImage) -> Double {
            let canvas = TileCanvas(width: 32, height: 40, format: .argb)!
            canvas.fill(RGBAColor(red: 0, green: 0, blue: 0, alpha: 0))
            canvas.draw(image, x: 8, y: 4, color: RGBAColor(red: 0xFFFF, green: 0xFFFF, blue: 0xFFFF))
            var sum = 0.0
            for y in 0..<40 { for x in 0..<32 { sum += Double(canvas.pixel(x: x, y: y).alpha) } }
            return sum
        }
        XCTAssertEqual(ink(half) / ink(whole), 1, accuracy: 0.03)
    }

    func testTheCacheStaysWithinItsBudget() throws {
        let budget = 16 << 10
        let glyphs = try rasterizer(budget: budget)
        for glyph in UInt32(36)..<UInt32(200) {
            for phase in 0..<SubpixelGrid.steps { _ = glyphs.image(face: 0, glyph: glyph, phase: phase) }
            XCTAssertLessThanOrEqual(glyphs.bytesCached, budget)
        }
    }

    func testAnUnreadableFaceDrawsNothing() throws {
        let library = try XCTUnwrap(FreeTypeLibrary())
        XCTAssertNil(FontFace(description: GlyphFaceDescription(file: "/nonexistent/font.ttf", index: 0, pixelSize: 20),
                              library: library))
        let glyphs = GlyphRasterizer { _ in nil }
        XCTAssertNil(glyphs.image(face: 0, glyph: 43, phase: 0))
    }
}
