import MarqueeFormats
import XCTest

final class WindowGeometryTests: XCTestCase {
    func testGeometryForms() {
        XCTAssertEqual(WindowGeometry(parsing: "1920x32+0+0"), WindowGeometry(width: 1920, height: 32, x: 0, y: 0))
        XCTAssertEqual(WindowGeometry(parsing: "800x40"), WindowGeometry(width: 800, height: 40))
        XCTAssertEqual(WindowGeometry(parsing: "800"), WindowGeometry(width: 800))
        XCTAssertEqual(WindowGeometry(parsing: "x40"), WindowGeometry(height: 40))
        let corner = WindowGeometry(parsing: "+10-20")!
        XCTAssertEqual(corner.x, 10)
        XCTAssertTrue(corner.yFromBottom)
        XCTAssertEqual(corner.origin(windowWidth: 100, windowHeight: 30, screenWidth: 1000, screenHeight: 500)!.y, 450)
        for bad in ["", "abc", "0x10", "10x0", "10x", "+5", "10x10+5", "10x10+5+5junk", "99999x10", "-1x10"] {
            XCTAssertNil(WindowGeometry(parsing: bad), bad)
        }
    }
}
