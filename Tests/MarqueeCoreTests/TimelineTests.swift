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

    /// The text drawn at a strip position: which message of its content, and where in it.
    private func message<C>(_ timeline: StripTimeline<C>, at position: Int) -> (text: String, offset: Int)? where C: TestContent {
        guard let piece = timeline.pieces(in: position..<(position + 1)).first else { return nil }
        let layout = piece.segment.content.layout
        let local = StripGeometry.floorMod(position - piece.segment.anchor, layout.width)
        let index = layout.messageIndex(containing: local)
        return (layout.laidOutMessages[index].message.text, local - layout.laidOutMessages[index].textStart)
    }

    func testAnUnchangedMessageCrossingTheEdgeCarriesOnAndOnlyTheClockChanges() {
        let long = String(repeating: "x", count: 5000)   // 40 000 px
        var timeline = StripTimeline(content: TestContent("t0", [long, "12:00:00"]), anchor: 0)
        let before = timeline
        var visible = 1000..<1300
        timeline.swap(to: TestContent("t1", [long, "12:00:01"]), visible: visible, direction: .left, maxDeferral: 600)
        assertUnchanged(before, timeline, visible)
        XCTAssertEqual(timeline.segments[1].lower, visible.upperBound, "joined right at the edge")
        // The long message reads on without a cut, a separator or a restart.
        for position in stride(from: visible.lowerBound, to: 39_000, by: 97) {
            XCTAssertEqual(message(timeline, at: position)?.text, long)
            XCTAssertEqual(message(timeline, at: position)?.offset, position, "position \(position)")
        }
        // A tick a second later takes over the segment of the previous one: two segments, not one a tick.
        for tick in 2...20 {
            visible = (visible.lowerBound + 120)..<(visible.upperBound + 120)
            let shown = timeline
            timeline.swap(to: TestContent("t\(tick)", [long, "12:00:\(tick)"]), visible: visible, direction: .left, maxDeferral: 600)
            for position in visible { XCTAssertEqual(message(timeline, at: position)?.offset, message(shown, at: position)?.offset) }
        }
        XCTAssertEqual(timeline.segments.count, 2)
        XCTAssertEqual(timeline.segments[1].content.name, "t20")
        // Past the long message (40 000 px) and its separator (16 px): the newest clock.
        XCTAssertEqual(message(timeline, at: 40_000 + 16)?.text, "12:00:20")
    }

    func testAChangedMessageCrossingTheEdgeIsFollowedByTheNextOneNotByTheFirst() {
        let old = TestContent("old", ["alpha", "bravo", "charlie", "delta"])
        var timeline = StripTimeline(content: old, anchor: 0)
        let before = timeline
        // The window ends inside "bravo" (starts at 56).
        let visible = (-200)..<70
        timeline.swap(to: TestContent("new", ["alpha", "BRAVO!", "charlie", "delta"]), visible: visible, direction: .left, maxDeferral: 600)
        assertUnchanged(before, timeline, visible)
        let cut = timeline.segments[1].lower
        XCTAssertEqual(cut, old.layout.messageStarts[2], "at the end of the changed message")
        XCTAssertEqual(message(timeline, at: cut)?.text, "charlie")
        XCTAssertEqual(message(timeline, at: cut)?.offset, 0)
    }

    func testAnUpdatedItemReplacesTheOldOneInPlaceOfTheReadingOrder() {
        let old = TestContent("old", ["alpha", "bravo", "charlie"])
        var timeline = StripTimeline(content: old, anchor: 0)
        // The window ends inside "alpha"; "alpha" is gone, "bravo" became "bravo 2".
        timeline.swap(to: TestContent("new", ["zulu", "bravo 2", "charlie"]), visible: (-200)..<10, direction: .left, maxDeferral: 600)
        let cut = timeline.segments[1].lower
        XCTAssertEqual(cut, old.layout.messageStarts[1])
        XCTAssertEqual(message(timeline, at: cut)?.text, "bravo 2", "the item at the same place in the list")
    }

    func testAnUrgentContentStartsWithItsFirstMessage() {
        let long = String(repeating: "x", count: 5000)
        var timeline = StripTimeline(content: TestContent("old", [long]), anchor: 0)
        let visible = 1000..<1300
        timeline.swap(to: TestContent("urgent", ["URGENT", long]), visible: visible, direction: .left, maxDeferral: 600, continuing: false)
        let separator = timeline.segments[1].content.layout.separatorWidth
        XCTAssertEqual(timeline.segments[1].lower, visible.upperBound)
        XCTAssertEqual(message(timeline, at: visible.upperBound + separator)?.text, "URGENT")
        XCTAssertEqual(message(timeline, at: visible.upperBound + separator)?.offset, 0)
    }

    func testRightwardTextCarriesOnAnUnchangedMessageToo() {
        let long = String(repeating: "x", count: 5000)
        var timeline = StripTimeline(content: TestContent("t0", ["12:00:00", long]), anchor: 0)
        let before = timeline
        let visible = 20_000..<20_300
        timeline.swap(to: TestContent("t1", ["12:00:01", long]), visible: visible, direction: .right, maxDeferral: 600)
        assertUnchanged(before, timeline, visible)
        XCTAssertEqual(timeline.segments[0].upper, visible.lowerBound)
        for position in stride(from: 100, to: visible.upperBound, by: 89) {
            XCTAssertEqual(message(timeline, at: position)?.text, long)
            XCTAssertEqual(message(timeline, at: position)?.offset, message(before, at: position)?.offset)
        }
    }

    func testTextLaidOutAtTheSamePlacesIsUpdatedInPlaceEverywhere() {
        var timeline = StripTimeline(content: TestContent("t0", ["news", "12:00:00"]), anchor: 7)
        timeline.swap(to: TestContent("t1", ["news", "12:00:01"]), visible: 0..<50, direction: .left, maxDeferral: 600)
        XCTAssertEqual(timeline.segments.count, 2)
        let anchors = timeline.segments.map(\.anchor)
        XCTAssertTrue(timeline.updateInPlace(to: TestContent("tick", ["news", "12:00:02"])))
        XCTAssertEqual(timeline.segments.map(\.content.name), ["tick", "tick"])
        XCTAssertEqual(timeline.segments.map(\.anchor), anchors, "nothing moves")
        // Another width: not in place, nothing changed.
        XCTAssertFalse(timeline.updateInPlace(to: TestContent("wide", ["news", "12:00:0W"])))
        XCTAssertEqual(timeline.segments.map(\.content.name), ["tick", "tick"])
        var once = StripTimeline(showingOnce: TestContent("a", ["abc"]), anchor: 0)
        XCTAssertFalse(once.updateInPlace(to: TestContent("b", ["abd"])))
    }

    /// A seam can fall inside an unchanged message; if only one side could be updated in place,
    /// that message would show two texts across the seam. So a segment laid out otherwise
    /// keeps every segment as it is.
    func testNoUpdateInPlaceWhileAnySegmentIsLaidOutOtherwise() {
        var timeline = StripTimeline(content: TestContent("c1", ["12:09:59", "foo"]), anchor: 0)
        // The clock (0..<64) crosses the edge at 30 and carries on into a content with a longer item.
        timeline.swap(to: TestContent("c2", ["12:09:59", "foobar"]), visible: (-270)..<30, direction: .left, maxDeferral: 600)
        XCTAssertEqual(timeline.segments.map(\.content.name), ["c1", "c2"])
        XCTAssertFalse(timeline.updateInPlace(to: TestContent("c3", ["12:10:00", "foobar"])))
        XCTAssertEqual(timeline.segments.map(\.content.name), ["c1", "c2"])
    }

    func testRightwardTextIsFollowedByTheMessageBeforeTheChangedOne() {
        let old = TestContent("old", ["alpha", "bravo", "12:00:00"])
        var timeline = StripTimeline(content: old, anchor: 0)
        // The left edge at 140 lies inside the clock (starts at 112); the clock changes and "alpha" goes.
        timeline.swap(to: TestContent("new", ["bravo", "12:00:01"]), visible: 140..<440, direction: .right, maxDeferral: 600)
        let seam = timeline.segments[0].upper
        XCTAssertEqual(seam, old.layout.messageStarts[2], "the old clock is finished as it was")
        XCTAssertEqual(message(timeline, at: seam - 1)?.text, "bravo", "its separator, then bravo, enter next")
        XCTAssertEqual(message(timeline, at: seam - 20)?.text, "bravo")
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

final class MotionPlanTests: XCTestCase {
    private var settings = MotionSettings()

    func testTheLoopContinuesFromWhereTheTextIs() {
        let plan = MotionPlan.make(settings, velocity: 120, cycle: 500, textWidth: 480, windowWidth: 300, anchor: 0, position: 1234)
        XCTAssertEqual(plan.program, .continuous(origin: 1234, velocity: 120))
        XCTAssertFalse(plan.showsOnce)
    }

    func testOverflowStandsFittingTextStillAligned() {
        settings.mode = .overflow
        for (alignment, expected) in [(MotionSettings.Alignment.left, 0.0), (.center, -100), (.right, -200)] {
            settings.alignment = alignment
            let plan = MotionPlan.make(settings, velocity: 120, cycle: 120, textWidth: 100, windowWidth: 300, anchor: 0, position: 50)
            XCTAssertEqual(plan.program, .still(position: expected), "\(alignment)")
            XCTAssertTrue(plan.showsOnce)
            XCTAssertTrue(plan.program.isStill)
        }
        let long = MotionPlan.make(settings, velocity: 120, cycle: 920, textWidth: 900, windowWidth: 300, anchor: 0, position: 0)
        XCTAssertFalse(long.showsOnce, "text that does not fit scrolls as a loop")
    }

    func testBounceSlidesToTheEndOfLongTextAndAcrossShortText() {
        settings.mode = .bounce
        let long = MotionPlan.make(settings, velocity: 100, cycle: 920, textWidth: 900, windowWidth: 300, anchor: 0, position: 0)
        XCTAssertEqual(long.program, .bounce(low: 0, high: 600, speed: 100, pause: 1))
        let short = MotionPlan.make(settings, velocity: 100, cycle: 120, textWidth: 100, windowWidth: 300, anchor: 0, position: 0)
        XCTAssertEqual(short.program, .bounce(low: -200, high: 0, speed: 100, pause: 1))
        settings.duration = 3
        let timed = MotionPlan.make(settings, velocity: 100, cycle: 920, textWidth: 900, windowWidth: 300, anchor: 0, position: 0)
        XCTAssertEqual(timed.program, .bounce(low: 0, high: 600, speed: 200, pause: 1))
    }

    func testPauseAtStartRestsWhereCyclesBegin() {
        settings.pauseAtStart = 2
        // The plan is the plain loop; the strip makes it stop where its cycles begin (`StripView.stopping`).
        let plan = MotionPlan.make(settings, velocity: 100, cycle: 500, textWidth: 480, windowWidth: 300, anchor: 20, position: 770)
        XCTAssertEqual(plan.program, .continuous(origin: 770, velocity: 100))
        // A cycle starting at 520: a 2 s rest, then 250 px in 2.5 s.
        let program = ScrollProgram.pausingAtStart(origin: 520, velocity: 100, cycle: 500, pause: 2)
        XCTAssertEqual(program.position(at: 4.5), 770, accuracy: 1e-9)
        XCTAssertEqual(program.position(at: 7), 1020, accuracy: 1e-9)
        XCTAssertEqual(program.position(at: 8.9), 1020, accuracy: 1e-9)
        let leftward = ScrollProgram.pausingAtStart(origin: 520, velocity: -100, cycle: 500, pause: 2)
        XCTAssertEqual(leftward.position(at: 4.5), 270, accuracy: 1e-9)
    }

    func testDurationSetsTheSpeedFromTheCycle() {
        XCTAssertEqual(MotionPlan.velocity(forDuration: 300, cycle: 36_000, direction: .left), 120)
        XCTAssertEqual(MotionPlan.velocity(forDuration: 300, cycle: 36_000, direction: .right), -120)
    }

    func testASingleCopyShowsTheTextOnceWithoutItsSeparator() {
        let content = TestContent("once", ["abc"])
        var timeline = StripTimeline(showingOnce: content, anchor: 10)
        XCTAssertEqual(timeline.segments[0].lower, 10)
        XCTAssertEqual(timeline.segments[0].upper, 10 + content.layout.width - content.layout.separatorWidth)
        timeline.prune(visible: 500..<600, direction: .left)
        XCTAssertEqual(timeline.segments[0].lower, 10, "never extended into copies")
    }
}
