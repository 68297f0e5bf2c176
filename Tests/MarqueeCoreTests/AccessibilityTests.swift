import MarqueeCore
import XCTest

/// The screen reader's pure parts: AT-SPI's numbers, the state words, the reader key, the
/// announcement's bound.
final class AccessibilityTests: XCTestCase {
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

    func testTheReaderKeyAndTheBound() {
        XCTAssertEqual(PlayerKey(keysym: 0x72), .readAloud)
        XCTAssertEqual(PlayerKey(keysym: 0x52), .readAloud)
        XCTAssertEqual(Announcement(text: String(repeating: "é", count: 5000)).text.count, 1000)
        XCTAssertFalse(Announcement(text: "x").assertive)
    }
}
