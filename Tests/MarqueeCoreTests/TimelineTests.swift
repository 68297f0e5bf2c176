import XCTest
@testable import MarqueeCore

/// A content for the timeline: just a layout.
final class TestContent: StripContent {
    let layout: CycleLayout
    let name: String
    init(_ name: String, _ messages: [String]) {
        self.name = name
        layout = CycleLayoutBuilder.layout(messages)
    }
}

final class TimelineTests: XCTestCase {
    /// What a strip position shows: which content, and where in its cycle.
    private func sample<C>(_ timeline: StripTimeline<C>, at position: Int) -> (String, Int)? where C: TestContent {
        for piece in timeline.pieces(in: position..<(position + 1)) {
            let cycle = piece.segment.content.layout.width
            return (piece.segment.content.name, StripGeometry.floorMod(position - piece.segment.anchor, cycle))
        }
        return nil
    }

    private func assertUnchanged(_ before: StripTimeline<TestContent>, _ after: StripTimeline<TestContent>, _ visible: Range<Int>,
                                 file: StaticString = #filePath, line: UInt = #line) {
        for position in visible {
            let a = sample(before, at: position), b = sample(after, at: position)
            XCTAssertTrue(a?.0 == b?.0 && a?.1 == b?.1, "position \(position) changed", file: file, line: line)
        }
    }

    func testSwapLeavesTheVisibleTextAloneAndStartsAtTheNextMessage() {
        let old = TestContent("old", ["first message", "second", "third one"])
        var timeline = StripTimeline(content: old, anchor: 0)
        let before = timeline
        let visible = 1000..<1300
        timeline.swap(to: TestContent("new", ["fresh"]), visible: visible, direction: .left, maxDeferral: 600)
        assertUnchanged(before, timeline, visible)
        let cut = timeline.segments[1].lower
        XCTAssertGreaterThanOrEqual(cut, visible.upperBound)
        // The cut is a message start of the old content, and the new content begins a cycle there.
        XCTAssertTrue(old.layout.messageStarts.contains(StripGeometry.floorMod(cut, old.layout.width)))
        XCTAssertEqual(sample(timeline, at: cut)?.0, "new")
        XCTAssertEqual(sample(timeline, at: cut)?.1, 0)
        XCTAssertEqual(sample(timeline, at: cut - 1)?.0, "old")
    }

    func testALongMessageIsCutAtTheEdgeBehindASeparator() {
        let old = TestContent("old", [String(repeating: "x", count: 5000)])
        var timeline = StripTimeline(content: old, anchor: 0)
        let before = timeline
        let visible = 100..<400
        let fresh = TestContent("new", ["fresh news"])
        timeline.swap(to: fresh, visible: visible, direction: .left, maxDeferral: 600)
        assertUnchanged(before, timeline, visible)
        XCTAssertEqual(timeline.segments[1].lower, visible.upperBound)
        // Cut mid-message: the new content leads with its separator so the break reads as a gap.
        let firstShown = sample(timeline, at: visible.upperBound)!.1
        XCTAssertEqual(firstShown, fresh.layout.width - fresh.layout.separatorWidth)
        XCTAssertEqual(sample(timeline, at: visible.upperBound + fresh.layout.separatorWidth)?.1, 0)
    }

    func testNewerContentReplacesContentNotYetOnScreen() {
        var timeline = StripTimeline(content: TestContent("a", ["aaa", "bbb"]), anchor: 0)
        let visible = 0..<50
        timeline.swap(to: TestContent("b", ["second"]), visible: visible, direction: .left, maxDeferral: 600)
        let cut = timeline.segments[1].lower
        timeline.swap(to: TestContent("c", ["third"]), visible: visible, direction: .left, maxDeferral: 600)
        XCTAssertEqual(timeline.segments.count, 2)
        XCTAssertEqual(timeline.segments[1].lower, cut)
        XCTAssertEqual(sample(timeline, at: cut)?.0, "c")
    }

    func testSwapEnteringFromTheLeftForRightwardText() {
        let old = TestContent("old", ["alpha", "beta", "gamma"])
        var timeline = StripTimeline(content: old, anchor: 0)
        let before = timeline
        let visible = -700..<(-400)
        timeline.swap(to: TestContent("new", ["delta"]), visible: visible, direction: .right, maxDeferral: 600)
        assertUnchanged(before, timeline, visible)
        let cut = timeline.segments[0].upper
        XCTAssertLessThanOrEqual(cut, visible.lowerBound)
        XCTAssertEqual(sample(timeline, at: cut - 1)?.0, "new")
        let newCycle = timeline.segments[0].content.layout.width
        XCTAssertEqual(sample(timeline, at: cut - 1)?.1, newCycle - 1, "the new cycle ends exactly at the cut")
    }

    func testPruneDropsScrolledOutSegmentsAndOpensTheOldestEnd() {
        var timeline = StripTimeline(content: TestContent("a", ["aaa"]), anchor: 0)
        timeline.swap(to: TestContent("b", ["bbb"]), visible: 0..<10, direction: .left, maxDeferral: 600)
        let cut = timeline.segments[1].lower
        timeline.prune(visible: (cut - 5)..<(cut + 5), direction: .left)
        XCTAssertEqual(timeline.segments.count, 2)
        timeline.prune(visible: (cut + 1)..<(cut + 11), direction: .left)
        XCTAssertEqual(timeline.segments.count, 1)
        XCTAssertEqual(timeline.segments[0].lower, Int.min, "a window widened later shows text, not a gap")
    }

    func testTextEnteringFromOffscreenLeavesTheStartEmptyUntilItScrollsOut() {
        var timeline = StripTimeline(content: TestContent("a", ["aaa"]), enteringAt: 300, direction: .left)
        XCTAssertNil(sample(timeline, at: 299))
        XCTAssertEqual(sample(timeline, at: 300)?.1, 0)
        timeline.prune(visible: 0..<300, direction: .left)
        XCTAssertNil(sample(timeline, at: 299))
        timeline.prune(visible: 301..<601, direction: .left)
        XCTAssertNotNil(sample(timeline, at: 0))
    }
}
