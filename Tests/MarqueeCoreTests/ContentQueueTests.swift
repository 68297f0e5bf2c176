import XCTest
@testable import MarqueeCore

final class ContentQueueTests: XCTestCase {
    /// Pages and `ctl status` find a message by its number across every source's messages,
    /// without making one array of them all.
    func testMessageAtIndexCountsAcrossGroups() {
        var queue = ContentQueue(shapes: ShapeCache(shaper: FakeShaper()), reordering: nil)
        queue.setGroups([MessageGroup(source: "a", messages: [Message("one"), Message("two")]),
                         MessageGroup(source: "empty", messages: []),
                         MessageGroup(source: "b", messages: [Message("three")])])
        XCTAssertEqual((0..<3).compactMap { queue.message(at: $0) }, queue.messages)
        XCTAssertEqual(queue.message(at: 2)?.text, "three")
        XCTAssertNil(queue.message(at: 3))
        XCTAssertNil(queue.message(at: -1))
    }
}
