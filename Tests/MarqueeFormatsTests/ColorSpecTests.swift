import MarqueeFormats
import XCTest

/// Colours as users write them in X's forms, resolved without an X server (Wayland has none to ask).
final class ColorSpecTests: XCTestCase {
    func testXColourNamesIgnoreCaseAndSpaces() {
        XCTAssertTrue(XColorSpec.channels("navy")! == (0, 0, 0x8080))
        XCTAssertTrue(XColorSpec.channels("Light Slate Gray")! == XColorSpec.channels("lightslategray")!)
        XCTAssertEqual(XColorSpec.channels("LightSlateGrey")?.red, 0x7777)
        XCTAssertTrue(XColorSpec.channels("white")! == (0xFFFF, 0xFFFF, 0xFFFF))
    }

    func testDeviceForm() {
        XCTAssertTrue(XColorSpec.channels("rgb:f/8/0")! == (0xFFFF, 0x8888, 0))
        XCTAssertTrue(XColorSpec.channels("rgb:ffff/0000/8000")! == (0xFFFF, 0, 0x8000))
    }

    func testWhatIsNotAColour() {
        for spec in ["", "nosuchcolour", "#12", "#000000", "rgb:1/2", "rgb:12345/0/0", "rgb:g/0/0", "navy\nblue", String(repeating: "a", count: 100)] {
            XCTAssertNil(XColorSpec.channels(spec), spec)
        }
    }
}
