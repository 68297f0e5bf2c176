import XCTest
@testable import MarqueeCore

final class StripGeometryTests: XCTestCase {
    func testCopiesFormula() {
        XCTAssertEqual(StripGeometry.copiesNeeded(width: 1920, cycle: 500), 5)
        XCTAssertEqual(StripGeometry.copiesNeeded(width: 1000, cycle: 500), 3)
        XCTAssertEqual(StripGeometry.copiesNeeded(width: 1, cycle: 50_000), 2)
        XCTAssertEqual(StripGeometry.copiesNeeded(width: 10_000, cycle: 1), 10_001)
    }

    /// The blits for a window must tile it exactly, each column showing the strip position the
    /// model says, and touch no more copies of the cycle than ceil(width / cycle) + 1.
    func testBlitsCoverEveryColumnAtEveryWidthCycleAndOffset() {
        let widths = [1, 2, 3, 7, 31, 100, 511, 512, 513, 1023, 1024, 1025, 1920, 2560, 4097, 9999, 10_000]
        let cycles = [1, 2, 3, 17, 100, 333, 511, 512, 513, 1000, 1024, 2049, 5000, 32_767, 32_768, 50_000]
        for width in widths {
            for cycle in cycles {
                let unit = StripGeometry.unitWidth(cycle: cycle)
                XCTAssertEqual(unit % cycle, 0)
                for offset in [0, 1, cycle - 1, cycle, 7 * cycle + 3, -5, -cycle - 1, 123_456_789] {
                    assertCoverage(width: width, cycle: cycle, unit: unit, offset: offset)
                }
            }
        }
    }

    private func assertCoverage(width: Int, cycle: Int, unit: Int, offset: Int, file: StaticString = #filePath, line: UInt = #line) {
        let anchor = 37
        var next = 0
        var ok = true
        StripGeometry.blits(stripRange: offset..<(offset + width), destinationX: 0, anchor: anchor, unitWidth: unit) { blit in
            if blit.destinationX != next || blit.width <= 0 { ok = false }
            if blit.sourceX < 0 || blit.sourceX + blit.width > StripGeometry.tileWidth { ok = false }
            // The first and last column of the blit show the strip positions the model says.
            for column in [blit.destinationX, blit.destinationX + blit.width - 1] {
                let inUnit = blit.tile * StripGeometry.tileWidth + blit.sourceX + (column - blit.destinationX)
                let expected = StripGeometry.floorMod(offset + column - anchor, unit)
                if inUnit != expected { ok = false }
            }
            next = blit.destinationX + blit.width
        }
        XCTAssertTrue(ok, "width \(width) cycle \(cycle) offset \(offset)", file: file, line: line)
        XCTAssertEqual(next, width, "width \(width) cycle \(cycle) offset \(offset)", file: file, line: line)
        // Copies of the cycle the window touches: from the one holding its first column to the
        // one holding its last.
        let firstCopy = (offset - anchor - StripGeometry.floorMod(offset - anchor, cycle)) / cycle
        let last = offset + width - 1 - anchor
        let lastCopy = (last - StripGeometry.floorMod(last, cycle)) / cycle
        XCTAssertLessThanOrEqual(lastCopy - firstCopy + 1, StripGeometry.copiesNeeded(width: width, cycle: cycle),
                                 file: file, line: line)
    }

    func testBlitCountFollowsTheWindowNotTheText() {
        for cycle in [10, 1_000, 100_000, 80_000_000] {
            var count = 0
            let unit = StripGeometry.unitWidth(cycle: cycle)
            StripGeometry.blits(stripRange: 12_345..<(12_345 + 1920), destinationX: 0, anchor: 0, unitWidth: unit) { _ in count += 1 }
            XCTAssertLessThanOrEqual(count, 1920 / StripGeometry.minimumUnitWidth + 1920 / StripGeometry.tileWidth + 3, "cycle \(cycle)")
        }
    }

    func testUnitsStayWithinSixteenBitTilesAndRepeatShortCycles() {
        XCTAssertEqual(StripGeometry.unitWidth(cycle: 100), 600)
        XCTAssertEqual(StripGeometry.unitWidth(cycle: 40_000), 40_000)
        XCTAssertLessThanOrEqual(StripGeometry.tileWidth, Int(Int16.max))
        XCTAssertEqual(StripGeometry.tileCount(unitWidth: 2049), 3)
    }
}
