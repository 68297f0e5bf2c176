import XCTest
@testable import MarqueeCore

/// The screen reader's part of the player: the reader key, the announcement's bound.
final class AnnouncementTests: XCTestCase {
    func testTheReaderKeyAndTheBound() {
        XCTAssertEqual(PlayerKey(keysym: 0x72), .readAloud)
        XCTAssertEqual(PlayerKey(keysym: 0x52), .readAloud)
        XCTAssertEqual(Announcement(text: String(repeating: "é", count: 5000)).text.count, 1000)
        XCTAssertFalse(Announcement(text: "x").assertive)
    }

    func testTheQueueKeepsTheNewestUntilTaken() {
        var queue = AnnouncementQueue()
        for index in 0..<10 { queue.add(Announcement(text: "\(index)")) }
        XCTAssertEqual(queue.pending.map(\.text), (2..<10).map { "\($0)" })
        XCTAssertEqual(queue.take().count, 8)
        XCTAssertEqual(queue.pending, [])
    }

    func testKeysAreCommands() {
        XCTAssertEqual(PlayerKey(keysym: 0x20)?.command, .togglePause)
        XCTAssertEqual(PlayerKey(keysym: 0xFF51)?.command, .scrub(steps: 1))
        XCTAssertEqual(PlayerKey(keysym: 0xFFAD)?.command, .nudgeSpeed(frames: -1))
        XCTAssertEqual(PlayerKey(keysym: 0x72)?.command, .readAloud)
    }
}
