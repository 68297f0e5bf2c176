import XCTest
@testable import MarqueeCore

final class ConfigValueTests: XCTestCase {
    func testHexColours() {
        XCTAssertEqual(RGBAColor(hex: "#fff"), RGBAColor(red: 0xFFFF, green: 0xFFFF, blue: 0xFFFF))
        XCTAssertEqual(RGBAColor(hex: "#102030"), RGBAColor(red: 0x1010, green: 0x2020, blue: 0x3030))
        XCTAssertEqual(RGBAColor(hex: "#000000aa")?.alpha, 0xAAAA)
        for bad in ["#12", "#12345", "#gggggg", "fff", "#", "#1234567890"] {
            XCTAssertNil(RGBAColor(hex: bad), bad)
        }
    }

    func testPremultipliedScalesTheChannelsByAlpha() {
        let translucent = RGBAColor(hex: "#20408080")!
        XCTAssertEqual(translucent.premultiplied, RGBAColor(red: 0x1020, green: 0x2040, blue: 0x4081, alpha: 0x8080))
        XCTAssertEqual(translucent.premultiplied.rgb8.0, 0x10)
        let white = RGBAColor(hex: "#ffffff")!
        XCTAssertEqual(white.premultiplied, white, "opaque colours stay as they are")
        XCTAssertEqual(RGBAColor(hex: "#ffffff00")!.premultiplied, RGBAColor(red: 0, green: 0, blue: 0, alpha: 0))
        XCTAssertEqual(translucent.opaque, RGBAColor(hex: "#204080")!)
        XCTAssertFalse(translucent.isOpaque)
        XCTAssertTrue(translucent.opaque.isOpaque)
    }
}
