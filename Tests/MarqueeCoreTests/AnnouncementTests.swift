import MarqueeCore
import XCTest

/// The screen reader's part of the player: the reader key, the announcement's bound.
final class AnnouncementTests: XCTestCase {
    func testTheReaderKeyAndTheBound() {
        XCTAssertEqual(PlayerKey(keysym: 0x72), .readAloud)
        XCTAssertEqual(PlayerKey(keysym: 0x52), .readAloud)
        XCTAssertEqual(Announcement(text: String(repeating: "é", count: 5000)).text.count, 1000)
        XCTAssertFalse(Announcement(text: "x").assertive)
    }
}
