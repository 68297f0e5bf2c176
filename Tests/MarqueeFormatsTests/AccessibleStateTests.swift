import MarqueeFormats
import XCTest

/// AT-SPI's numbers and the state words.
final class AccessibleStateTests: XCTestCase {
    func testNumbersAreAtspis() {
        // atspi-constants.h (at-spi2-core 2.46), as pyatspi reads them.
        XCTAssertEqual(AccessibleRole.marquee.rawValue, 112)
        XCTAssertEqual(AccessibleRole.application.rawValue, 75)
        XCTAssertEqual(AccessibleState.showing.rawValue, 25)
        XCTAssertEqual(AccessibleState.visible.rawValue, 30)
        XCTAssertEqual(AccessibleState.focusable.rawValue, 11)
        XCTAssertEqual(AccessiblePoliteness.assertive.rawValue, 2)
    }

    func testStateWords() {
        XCTAssertEqual(AccessibleState.words([]), [0, 0])
        XCTAssertEqual(AccessibleState.words([.showing, .visible, .focusable]), [1 << 25 | 1 << 30 | 1 << 11, 0])
    }
}
