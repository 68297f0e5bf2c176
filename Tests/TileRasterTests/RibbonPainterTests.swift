import FontMatching
@testable import MarqueeCore
import TileRaster
import XCTest

/// A ribbon painted for a stretch of the strip that another ribbon already partly holds copies
/// those columns and paints only the rest, and comes out pixel for pixel as if painted whole:
/// glyphs straddling the seam, a whole pixel or a sub-pixel phase, capsules included.
final class RibbonPainterTests: XCTestCase {
    private static let foreground = RGBAColor(hex: "#f0f0f0")!
    private static let background = RGBAColor(hex: "#202020")!
    private static let height = 32

    private func style(capsule: Bool = false) throws -> TileStyle {
        let font = try FontSet.open(patterns: ["DejaVu Sans:pixelsize=18"]).0
        var look = TickerLook(foreground: Self.foreground, background: Self.background)
        if capsule { look.capsule = CapsuleStyle(color: RGBAColor(hex: "#3060a0")!, radius: 8) }
        return TileStyle(font: font, look: look, alphaShows: false, height: Self.height, format: .rgb)
    }

    private func plan(_ style: TileStyle, at position: Int, phase: Int = 0) -> FramePlan {
        let headlines = ["Markets rally as tech stocks climb for a third day", "Oil slips below 70 dollars as inventories rise",
                         "Storm warning for the north coast: gusts up to 110 km/h expected tonight"]
        let layout = CycleLayoutBuilder.layout(messages: headlines, separator: "   •   ", cache: ShapeCache(shaper: style.font))
        let content = CycleContent(layout: layout, id: 7, shaper: style.font)
        return FramePlan(position: position, phase: phase, width: 1920, demand: .nextFrame, direction: .left,
                         strip: StripTimeline(content: content, anchor: 0))
    }

    private func canvas(width: Int) throws -> TileCanvas {
        try XCTUnwrap(TileCanvas(width: width, height: Self.height, format: .rgb))
    }

    private func pixels(_ canvas: TileCanvas) -> [UInt32] {
        (0..<canvas.height).flatMap { row in
            Array(UnsafeBufferPointer(start: (canvas.pixels + row * canvas.stride).assumingMemoryBound(to: UInt32.self), count: canvas.width))
        }
    }

    private func checkReuse(capsule: Bool, phase: Int) throws {
        let style = try style(capsule: capsule)
        let painter = RibbonPainter(style: style)
        let span = RibbonSpan(margin: 1024)
        // The ribbon before, and the one after the text moved on by 1003 px (not a tile's width:
        // the seam falls inside glyphs).
        let before = plan(style, at: 200, phase: phase), after = plan(style, at: 1203, phase: phase)
        let earlierRange = span.range(for: before), laterRange = span.range(for: after)
        let earlier = try canvas(width: earlierRange.count)
        XCTAssertNil(painter.paint(before, range: earlierRange, phase: phase, into: earlier), "nothing to copy from")
        let source = RibbonPainter.Painted(extent: StripExtent(before.strip, range: earlierRange), canvas: earlier)

        let reused = try canvas(width: laterRange.count), whole = try canvas(width: laterRange.count)
        XCTAssertEqual(painter.paint(after, range: laterRange, phase: phase, into: reused, reusing: [source]), 0)
        painter.paint(after, range: laterRange, phase: phase, into: whole)
        let (a, b) = (pixels(reused), pixels(whole))
        let differing = zip(a, b).filter { $0 != $1 }.count
        XCTAssertEqual(differing, 0, "capsule \(capsule), phase \(phase): \(differing) pixels differ from a whole paint")
        XCTAssertGreaterThan(Set(b).count, 8, "text was painted (anti-aliased edges)")
    }

    func testAReusedRibbonIsTheWholePaintPixelForPixel() throws {
        try checkReuse(capsule: false, phase: 0)
    }

    func testAtASubpixelPhaseWithCapsulesToo() throws {
        try checkReuse(capsule: true, phase: 5)
    }

    func testARibbonMovedAlongInPlaceIsTheWholePaint() throws {
        let style = try style(capsule: true)
        let painter = RibbonPainter(style: style)
        let span = RibbonSpan(margin: 1024)
        let before = plan(style, at: 200, phase: 3), after = plan(style, at: 1203, phase: 3)
        let earlierRange = span.range(for: before), laterRange = span.range(for: after)
        // One canvas, painted for the range before and then for the one after from itself.
        let ribbon = try canvas(width: earlierRange.count)
        painter.paint(before, range: earlierRange, phase: 3, into: ribbon)
        let itself = RibbonPainter.Painted(extent: StripExtent(before.strip, range: earlierRange), canvas: ribbon)
        XCTAssertEqual(painter.paint(after, range: laterRange, phase: 3, into: ribbon, reusing: [itself]), 0)
        let whole = try canvas(width: laterRange.count)
        painter.paint(after, range: laterRange, phase: 3, into: whole)
        XCTAssertEqual(zip(pixels(ribbon), pixels(whole)).filter { $0 != $1 }.count, 0, "pixels differing from a whole paint")
    }

    func testOnlyTheColumnsTheSourceLacksArePainted() throws {
        let style = try style()
        let painter = RibbonPainter(style: style)
        let before = plan(style, at: 0), after = plan(style, at: 500)
        let earlierRange = 0..<1500, laterRange = 500..<2000
        // A source whose pixels are not the strip's: what is copied from it shows as such.
        let poisoned = try canvas(width: earlierRange.count)
        poisoned.fill(RGBAColor(hex: "#ff00ff")!)
        let source = RibbonPainter.Painted(extent: StripExtent(before.strip, range: earlierRange), canvas: poisoned)
        let later = try canvas(width: laterRange.count)
        XCTAssertEqual(painter.paint(after, range: laterRange, phase: 0, into: later, reusing: [source]), 0)
        let magenta = later.pixel(x: 10, y: 0)
        XCTAssertEqual([magenta.red, magenta.green, magenta.blue], [0xFF, 0x00, 0xFF], "columns 500..<1500 copied")
        XCTAssertEqual(later.pixel(x: 999, y: 0).red, 0xFF)
        let painted = later.pixel(x: 1000, y: 0)
        XCTAssertEqual([painted.red, painted.green, painted.blue], [0x20, 0x20, 0x20], "columns from 1500 on painted: the background")
    }

    func testAnotherStripOrPhaseOfPixelsIsNotCopied() throws {
        let style = try style()
        let painter = RibbonPainter(style: style)
        let before = plan(style, at: 0)
        let poisoned = try canvas(width: 1500)
        poisoned.fill(RGBAColor(hex: "#ff00ff")!)
        // The same text anchored 3 px further on: another strip over the same columns.
        var moved = plan(style, at: 500)
        moved.strip = StripTimeline(content: try XCTUnwrap(before.strip?.segments.first?.content), anchor: 3)
        let later = try canvas(width: 1500)
        XCTAssertNil(painter.paint(moved, range: 500..<2000, phase: 0, into: later,
                                   reusing: [RibbonPainter.Painted(extent: StripExtent(before.strip, range: 0..<1500), canvas: poisoned)]))
        XCTAssertNotEqual(later.pixel(x: 10, y: 0).green, 0x00, "painted, not copied")
    }
}
