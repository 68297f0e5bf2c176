import XCTest
@testable import MarqueeCore

final class MessageEdgesTests: XCTestCase {
    private let edges = MessageEdges(parts: [[0, 30, 55], [], [0, 12]], shifts: [0, 80, 80])

    func testEachBlocksEdgesFollowWhereTheBlockStarts() {
        XCTAssertEqual(edges.count, 5)
        XCTAssertEqual(Array(edges), [0, 30, 55, 80, 92])
        XCTAssertEqual((0..<edges.count).map { edges[$0] }, [0, 30, 55, 80, 92], "by index as by walking, past the empty block")
        XCTAssertEqual(edges.last, 92)
    }

    func testASearchFindsTheLastEdgeAtOrBefore() {
        XCTAssertEqual(edges.countAtOrBelow(-1), 0)
        XCTAssertEqual(edges.countAtOrBelow(0), 1)
        XCTAssertEqual(edges.countAtOrBelow(79), 3)
        XCTAssertEqual(edges.countAtOrBelow(80), 4)
        XCTAssertEqual(edges.countAtOrBelow(1000), 5)
    }

    func testTheSamePlacesAreFoundBlockForBlock() {
        let shared = Array(0..<150_000).map { $0 * 10 }
        let one = MessageEdges(parts: [shared, [0]], shifts: [0, 1_500_000])
        XCTAssertTrue(one.hasSameParts(as: MessageEdges(parts: [shared, [0]], shifts: [0, 1_500_000])), "the same block, a new clock")
        XCTAssertFalse(one.hasSameParts(as: MessageEdges(parts: [shared, [0]], shifts: [0, 1_500_001])), "the clock moved")
        var changed = shared
        changed[149_999] += 1
        XCTAssertFalse(one.hasSameParts(as: MessageEdges(parts: [changed, [0]], shifts: [0, 1_500_000])), "a line moved")
        XCTAssertTrue(one.hasSameParts(as: MessageEdges(parts: [shared.map { $0 }, [0]], shifts: [0, 1_500_000])), "equal arrays apart")
        XCTAssertEqual(one, MessageEdges(parts: [shared + [1_500_000]], shifts: [0]), "equal as edges, whatever the blocks")
    }
}
