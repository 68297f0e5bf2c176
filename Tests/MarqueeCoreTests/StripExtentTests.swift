import XCTest
@testable import MarqueeCore

/// A ribbon's pixels stay valid exactly while the strip under the frame's view is what they were
/// painted from: the same contents anchored the same way.
final class StripExtentTests: XCTestCase {
    private func content(_ text: String, id: UInt64) -> CycleContent {
        let shaper = FakeShaper()
        return CycleContent(layout: CycleLayoutBuilder.layout(messages: [text], separator: " | ", cache: ShapeCache(shaper: shaper)),
                            id: id, shaper: shaper)
    }

    func testAViewInsideTheExtentOfTheSameStripIsShown() {
        let timeline = StripTimeline(content: content("Hello world", id: 1), anchor: 0)
        var extent = StripExtent(timeline, range: 0..<3000)
        XCTAssertTrue(extent.shows(timeline, range: 0..<1000))
        XCTAssertTrue(extent.shows(timeline, range: 1999..<2999))
        XCTAssertFalse(extent.shows(timeline, range: 2500..<3500), "past its end")
        XCTAssertFalse(extent.shows(timeline, range: -1..<999), "before its start")
    }

    func testAnotherContentOrAnchorIsNotShown() {
        let first = content("Hello world", id: 1)
        let timeline = StripTimeline(content: first, anchor: 0)
        var extent = StripExtent(timeline, range: 0..<3000)
        XCTAssertFalse(extent.shows(StripTimeline(content: content("Hello world", id: 2), anchor: 0), range: 0..<1000))
        XCTAssertFalse(extent.shows(StripTimeline(content: first, anchor: 3), range: 0..<1000), "moved by 3 px")
        XCTAssertTrue(extent.shows(StripTimeline(content: first, anchor: first.unitWidth), range: 0..<1000),
                      "a whole unit on: the same pixels")
    }

    func testAContentSwappedInBeyondTheViewInvalidatesOnlyWhereItShows() {
        let first = content("Hello world", id: 1)
        var timeline = StripTimeline(content: first, anchor: 0)
        var extent = StripExtent(timeline, range: 0..<3000)
        // New text joins at the entering edge of a 1000 px view at 0 (leftward text).
        timeline.swap(to: content("Other text", id: 2), visible: 0..<1000, direction: .left, maxDeferral: 2000)
        XCTAssertTrue(extent.shows(timeline, range: 0..<1000), "the view itself did not change")
        XCTAssertFalse(extent.shows(timeline, range: 1999..<2999), "the ribbon's far end holds the old text")
    }

    func testAStripChangedOnlyBeyondTheExtentStillShowsIt() {
        let first = content("Hello world", id: 1)
        var timeline = StripTimeline(content: first, anchor: 0)
        var extent = StripExtent(timeline, range: 0..<3000)
        let painted = timeline.stamp
        timeline.swap(to: content("Other text", id: 2), visible: 5000..<6000, direction: .left, maxDeferral: 2000)
        XCTAssertNotEqual(timeline.stamp, painted, "every change of the segments is a new strip")
        XCTAssertTrue(extent.shows(timeline, range: 0..<1000))
        XCTAssertTrue(extent.shows(timeline, range: 1999..<2999), "nothing changed over the extent")
        XCTAssertFalse(extent.shows(timeline, range: 2500..<3500), "past its end")
    }

    func testTheColumnsSharedWithALaterRangeOfTheSameStrip() {
        let first = content("Hello world", id: 1)
        var timeline = StripTimeline(content: first, anchor: 0)
        let extent = StripExtent(timeline, range: 0..<3000)
        XCTAssertEqual(extent.sharedColumns(with: timeline, over: 1000..<4000), 1000..<3000)
        XCTAssertEqual(extent.sharedColumns(with: timeline, over: -500..<500), 0..<500)
        XCTAssertNil(extent.sharedColumns(with: timeline, over: 3000..<6000), "no overlap")
        XCTAssertNil(extent.sharedColumns(with: StripTimeline(content: first, anchor: 3), over: 1000..<4000), "moved by 3 px")
        // New text beyond the extent: what it holds is still the strip's.
        timeline.swap(to: content("Other text", id: 2), visible: 5000..<6000, direction: .left, maxDeferral: 2000)
        XCTAssertEqual(extent.sharedColumns(with: timeline, over: 1000..<4000), 1000..<3000)
        // New text inside the overlap: nothing is shared.
        var changed = StripTimeline(content: first, anchor: 0)
        changed.swap(to: content("Other text", id: 2), visible: 0..<1000, direction: .left, maxDeferral: 2000)
        XCTAssertNil(extent.sharedColumns(with: changed, over: 1000..<4000), "the far end holds the old text")
    }
}
