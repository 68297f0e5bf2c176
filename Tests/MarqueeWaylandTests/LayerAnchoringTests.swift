import MarqueeFormats
import WaylandProtocols
import XCTest
@testable import MarqueeWayland

/// Where a layer surface asks to be: a bar on an edge reserving its height, a geometry's area at
/// its offset from the corner its signs name, reserving nothing and not pushed aside.
final class LayerAnchoringTests: XCTestCase {
    let top = ZWLR_LAYER_SURFACE_V1_ANCHOR_TOP.rawValue, bottom = ZWLR_LAYER_SURFACE_V1_ANCHOR_BOTTOM.rawValue
    let left = ZWLR_LAYER_SURFACE_V1_ANCHOR_LEFT.rawValue, right = ZWLR_LAYER_SURFACE_V1_ANCHOR_RIGHT.rawValue

    func testABarSpansItsEdgeAndReservesItsHeight() {
        let bar = LayerAnchoring.bar(edge: .bottom, height: 32)
        XCTAssertEqual(bar.anchor, bottom | left | right)
        XCTAssertEqual([bar.width, bar.height, bar.exclusiveZone], [0, 32, 32])
        XCTAssertEqual(bar.with(height: 40).exclusiveZone, 40)
    }

    func testAnAreaSitsAtItsOffsetFromTheTopLeftReservingNothing() throws {
        let area = LayerAnchoring.area(try XCTUnwrap(WindowGeometry(parsing: "480x26+400+0")), width: 800, height: 30)
        XCTAssertEqual(area.anchor, top | left)
        XCTAssertEqual([area.width, area.height, area.marginLeft, area.marginTop, area.marginRight, area.marginBottom],
                       [480, 30, 400, 0, 0, 0])
        XCTAssertEqual(area.exclusiveZone, -1, "-1: not moved out of swaybar's zone (0 would be)")
        XCTAssertEqual(area.with(height: 40).exclusiveZone, -1, "a new height still reserves nothing")
    }

    func testNegativeOffsetsCountFromTheRightAndBottom() throws {
        let area = LayerAnchoring.area(try XCTUnwrap(WindowGeometry(parsing: "-20-10")), width: 800, height: 30)
        XCTAssertEqual(area.anchor, bottom | right)
        XCTAssertEqual([area.width, area.marginRight, area.marginBottom, area.marginLeft, area.marginTop], [800, 20, 10, 0, 0])
    }
}
