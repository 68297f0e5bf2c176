import XCTest
@testable import MarqueeCore

/// Colours as users write them, resolved without an X server (Wayland has none to ask).
final class ColorSpecTests: XCTestCase {
    func testXColourNamesIgnoreCaseAndSpaces() {
        XCTAssertEqual(RGBAColor(spec: "navy"), RGBAColor(red: 0, green: 0, blue: 0x8080))
        XCTAssertEqual(RGBAColor(spec: "Light Slate Gray"), RGBAColor(spec: "lightslategray"))
        XCTAssertEqual(RGBAColor(spec: "LightSlateGrey")?.rgb8.0, 0x77)
        XCTAssertEqual(RGBAColor(spec: "white"), RGBAColor(red: 0xFFFF, green: 0xFFFF, blue: 0xFFFF))
    }

    func testHexAndDeviceForms() {
        XCTAssertEqual(RGBAColor(spec: "#00000080"), RGBAColor(red: 0, green: 0, blue: 0, alpha: 0x8080))
        XCTAssertEqual(RGBAColor(spec: "rgb:f/8/0"), RGBAColor(red: 0xFFFF, green: 0x8888, blue: 0))
        XCTAssertEqual(RGBAColor(spec: "rgb:ffff/0000/8000"), RGBAColor(red: 0xFFFF, green: 0, blue: 0x8000))
    }

    func testWhatIsNotAColour() {
        for spec in ["", "nosuchcolour", "#12", "rgb:1/2", "rgb:12345/0/0", "rgb:g/0/0", "navy\nblue", String(repeating: "a", count: 100)] {
            XCTAssertNil(RGBAColor(spec: spec), spec)
        }
    }
}
