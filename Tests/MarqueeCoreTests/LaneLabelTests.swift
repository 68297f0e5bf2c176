import MarqueeCore
import XCTest

final class LaneLabelTests: XCTestCase {
    private let white = RGBAColor(red: 0xFFFF, green: 0xFFFF, blue: 0xFFFF)
    private let black = RGBAColor(red: 0, green: 0, blue: 0)

    func testAScreenReaderHearsTheLabelBeforeTheMessage() {
        let label = LaneLabel(text: "BREAKING", foreground: white, background: black)
        XCTAssertEqual(label.accessibleName(message: "Markets rally"), "BREAKING: Markets rally")
        XCTAssertEqual(label.accessibleName(message: nil), "BREAKING")
        XCTAssertEqual(label.accessibleName(message: ""), "BREAKING")
    }

    func testOnlyAStrftimeConversionMakesTheLabelTick() {
        XCTAssertTrue(LaneLabel.ticks("%H:%M"))
        XCTAssertTrue(LaneLabel.ticks("NEWS %T"))
        XCTAssertFalse(LaneLabel.ticks("BREAKING"))
        XCTAssertFalse(LaneLabel.ticks("50%% OFF"))
        XCTAssertFalse(LaneLabel.ticks("trailing %"))
    }

    func testInputOverTheLabelLiesLeftOfTheCrawl() {
        XCTAssertEqual(PlayerInput.press(x: 130).inCrawl(startingAt: 120), .press(x: 10))
        XCTAssertEqual(PlayerInput.move(x: 50).inCrawl(startingAt: 120), .move(x: -70))
        XCTAssertEqual(PlayerInput.leave.inCrawl(startingAt: 120), .leave)
        XCTAssertEqual(PlayerInput.enter(x: 7).inCrawl(startingAt: 0), .enter(x: 7))
    }
}
