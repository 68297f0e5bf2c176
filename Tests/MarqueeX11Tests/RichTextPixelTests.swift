import CX11
import Foundation
import MarqueeCore
import MarqueeIO
@testable import MarqueeX11
import XCTest

/// Inline formatting and item boxes as drawn: every colour, box and link is found in the pixels
/// exactly where the model's layout puts its run.
final class RichTextPixelTests: XvfbTestCase, TickerRigTests {
    private let red = RGBAColor(hex: "#ff3030")!
    private let box = RGBAColor(hex: "#205020")!
    private let capsuleColor = RGBAColor(hex: "#3a3a6a")!

    /// The layout on show (the text stands still at position 0).
    private func shownLayout(_ rig: Rig) throws -> CycleLayout {
        try XCTUnwrap(rig.ticker.player.strip.timeline?.segments.first?.content.layout)
    }

    private func isReddish(_ pixel: (UInt8, UInt8, UInt8)) -> Bool { Int(pixel.0) > Int(pixel.1) + 100 }

    func testColouredRunsAndBoxesSitExactlyOnTheirChunks() throws {
        let messages = ["plain %{F#ff3030}red words%{F-} plain %{B#205020}boxed%{B-} end"]
        let rig = try makeRig(messages, speed: 0, width: 900)
        run(rig, seconds: 0.5)
        let layout = try shownLayout(rig)
        let window = try capture(rig)
        try window.writePNG(to: FileManager.default.temporaryDirectory.appendingPathComponent("xmarquee-rich-runs.png").path)
        let redChunks = layout.chunks.filter { $0.style.foreground == red }
        let boxChunks = layout.chunks.filter { $0.style.background == box }
        XCTAssertEqual(redChunks.count, 1)
        XCTAssertEqual(boxChunks.count, 1)
        let redRange = redChunks[0].x..<redChunks[0].end
        var redInside = 0, redOutside = 0
        for x in 0..<min(window.width, layout.width) {
            for y in 0..<window.height where isReddish(window.pixel(x, y)) {
                // Anti-aliased edges may spill a pixel beyond the advance.
                if redRange.contains(x) { redInside += 1 } else if !(redRange.lowerBound - 2..<redRange.upperBound + 2).contains(x) { redOutside += 1 }
            }
        }
        XCTAssertGreaterThan(redInside, 100, "the red run is drawn in red")
        XCTAssertEqual(redOutside, 0, "nothing else is red")
        // The box covers its chunk's columns at the top row (no glyph reaches row 0), and no more.
        let boxed = boxChunks[0]
        for x in boxed.x..<boxed.end { XCTAssertTrue(window.pixel(x, 0) == box.rgb8, "box column \(x)") }
        XCTAssertTrue(window.pixel(boxed.x - 1, 0) == Self.background.rgb8)
        XCTAssertTrue(window.pixel(boxed.end, 0) == Self.background.rgb8)
    }

    func testEachMessageSitsInItsCapsuleAndSeparatorsStayOutside() throws {
        let messages = ["First item", "Second, longer item"]
        let rig = try makeRig(messages, speed: 0, width: 900, layout: LayoutSettings(separator: " · ", padding: 10),
                              capsule: CapsuleStyle(color: capsuleColor))
        run(rig, seconds: 0.5)
        let layout = try shownLayout(rig)
        let window = try capture(rig)
        try window.writePNG(to: FileManager.default.temporaryDirectory.appendingPathComponent("xmarquee-capsules.png").path)
        let middle = window.height / 2
        XCTAssertEqual(layout.messageStarts.count, 2)
        for (start, end) in zip(layout.messageStarts, layout.messageEnds) {
            // Inside the padding, at mid height: the capsule. Its rounded ends leave the corners
            // and the rows above and below the band in the strip's background.
            XCTAssertTrue(window.pixel(start + 5, middle) == capsuleColor.rgb8, "capsule at \(start)")
            XCTAssertTrue(window.pixel(end - 5, middle) == capsuleColor.rgb8, "capsule before \(end)")
            XCTAssertTrue(window.pixel(start, 0) == Self.background.rgb8, "rounded corner at \(start)")
            XCTAssertTrue(window.pixel((start + end) / 2, 0) == Self.background.rgb8, "air above the capsule")
            XCTAssertTrue(window.pixel(end + 1, middle) == Self.background.rgb8, "separator outside at \(end)")
        }
    }

    func testInlineLinksAreFoundUnderThePointer() throws {
        let messages = ["read %{A:https://example.org/docs:}the docs%{A} today"]
        let rig = try makeRig(messages, speed: 0, width: 900)
        run(rig, seconds: 0.5)
        let layout = try shownLayout(rig)
        let linked = try XCTUnwrap(layout.chunks.first { $0.style.link != nil })
        XCTAssertEqual(rig.ticker.link(atWindowX: linked.x + linked.width / 2), "https://example.org/docs")
        XCTAssertNil(rig.ticker.link(atWindowX: linked.x - 3))
        XCTAssertNil(rig.ticker.link(atWindowX: linked.end + 3))
    }

    func testTagsAreNotDrawnAndBrokenOnesAre() throws {
        // The drawn cycle is as wide as the text without its tags, measured by Xft directly.
        let rig = try makeRig(["%{F#ff3030}ab%{F-}cd", "x%{Q}y"], speed: 0, width: 900)
        run(rig, seconds: 0.5)
        let layout = try shownLayout(rig)
        let plain = CycleLayoutBuilder.layout(messages: ["abcd", "x%{Q}y"], separator: Self.separator,
                                              cache: ShapeCache(shaper: rig.font))
        XCTAssertEqual(layout.width, plain.width)
        let glyphs = { (layout: CycleLayout) in layout.pieces.flatMap { $0.shape.glyphs.map(\.glyph) } }
        XCTAssertEqual(glyphs(layout), glyphs(plain), "the glyphs of abcd and of x%{Q}y, tags and all")
    }
}
