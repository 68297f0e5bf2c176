import XCTest
@testable import MarqueeCore

/// Mirrors lines containing "<" (as `StyledLayoutTests` does) and counts the lines it reorders.
private final class CountingReordering: LineReordering, @unchecked Sendable {
    private(set) var lines = 0
    func mayNeedReordering(_ text: String) -> Bool { text.contains("<") }
    func directionalRuns(_ scalars: [Unicode.Scalar]) -> [DirectionalRun] {
        lines += 1
        return [DirectionalRun(range: scalars.indices, rightToLeft: true)]
    }
}

/// A layout that copies unchanged messages from the previous one must be exactly the layout made
/// from scratch, and must not measure or reorder those messages again.
final class LayoutReuseTests: XCTestCase {
    private let settings = LayoutSettings(separator: "%{F#888} • ", padding: 3)

    private struct Drawn: Equatable {
        var text: String, x: Int, width: Int, style: TextStyle
    }

    /// Everything a layout shows, independent of how its style table happens to be numbered.
    private func drawn(_ layout: CycleLayout) -> [Drawn] {
        layout.chunks.map { Drawn(text: layout.drawnText(of: $0), x: $0.x,
                                  width: $0.width, style: $0.style) }
    }

    private func assertSame(_ reused: CycleLayout, _ fresh: CycleLayout, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(drawn(reused), drawn(fresh), file: file, line: line)
        XCTAssertEqual(reused.width, fresh.width, file: file, line: line)
        XCTAssertEqual(reused.messageStarts, fresh.messageStarts, file: file, line: line)
        XCTAssertEqual(reused.messageEnds, fresh.messageEnds, file: file, line: line)
        XCTAssertEqual(reused.separatorWidth, fresh.separatorWidth, file: file, line: line)
        XCTAssertEqual(reused.laidOutMessages.map(\.message), fresh.laidOutMessages.map(\.message), file: file, line: line)
        for x in stride(from: 0, to: fresh.width, by: 5) {
            XCTAssertEqual(reused.link(at: x), fresh.link(at: x), "link at \(x)", file: file, line: line)
        }
    }

    /// Runs a builder in the ticker's steps; returns the layout and how many steps it took.
    private func build(_ messages: [Message], settings: LayoutSettings, reordering: LineReordering? = nil,
                       reusing previous: CycleLayout? = nil, cache: ShapeCache) -> (CycleLayout, steps: Int) {
        var builder = CycleLayoutBuilder(messages: messages, settings: settings, reordering: reordering, reusing: previous)
        var steps = 0
        while true {
            steps += 1
            if let layout = builder.run(budget: 4096, cache: cache) { return (layout, steps) }
        }
    }

    func testUnchangedMessagesAreCopiedIntoExactlyTheFreshLayout() {
        let cache = ShapeCache(shaper: FakeShaper())
        let reordering = CountingReordering()
        let styled = Message("%{F#f00}red%{F-} and %{T2}wide%{T-} %{A:https://a:}link%{A}")
        let feed = Message.data("%{F#0f0}not a tag", link: "https://feed")
        let hebrew = Message("<abc %{B#00f}def")
        let before = [styled, Message("12:00:00"), feed, hebrew]
        let (first, _) = build(before, settings: settings, reordering: reordering, cache: cache)
        XCTAssertEqual(reordering.lines, 1)

        // The clock ticks, the messages move about, and a new one arrives in the middle.
        let after = [hebrew, Message("12:00:01"), styled, Message("new"), feed]
        let (reused, _) = build(after, settings: settings, reordering: reordering, reusing: first, cache: cache)
        XCTAssertEqual(reordering.lines, 1, "the unchanged right-to-left message is not reordered again")
        let fresh = CycleLayoutBuilder.layout(messages: after, settings: settings, reordering: CountingReordering(), cache: cache)
        assertSame(reused, fresh)

        // And again from the reused layout: what was copied can be copied on.
        let (again, _) = build(after, settings: settings, reordering: reordering, reusing: reused, cache: cache)
        assertSame(again, fresh)
    }

    func testAClockBesideAMegabyteIsLaidOutWithoutMeasuringTheMegabyte() {
        let cache = ShapeCache(shaper: FakeShaper())
        let big = Message(String(repeating: "Wide and narrow iii %{F#f00}red%{F-} ", count: 30_000))
        let (first, freshSteps) = build([big, Message("12:00:00")], settings: settings, cache: cache)
        let (tick, tickSteps) = build([big, Message("12:00:01")], settings: settings, reusing: first, cache: cache)
        XCTAssertGreaterThan(freshSteps, 100)
        XCTAssertLessThanOrEqual(tickSteps, 3, "copying the unchanged megabyte is one step, not \(freshSteps)")
        assertSame(tick, CycleLayoutBuilder.layout(messages: [big, Message("12:00:01")], settings: settings, cache: cache))
    }

    func testSameTextWithAnotherLinkOrMarkupFlagIsLaidOutAfresh() {
        let cache = ShapeCache(shaper: FakeShaper())
        let text = "%{F#f00}x%{A:https://a:}y%{A}"
        let (first, _) = build([Message(text)], settings: settings, cache: cache)
        for changed in [Message.data(text), Message(text, link: "https://other")] {
            let (reused, _) = build([changed], settings: settings, reusing: first, cache: cache)
            assertSame(reused, CycleLayoutBuilder.layout(messages: [changed], settings: settings, cache: cache))
        }
    }

    func testALayoutWithOtherSettingsIsNotCopied() {
        let cache = ShapeCache(shaper: FakeShaper())
        let big = Message(String(repeating: "abc ", count: 100_000))
        let (first, freshSteps) = build([big], settings: settings, cache: cache)
        let wider = LayoutSettings(separator: " | ", padding: 9)
        let (relaid, steps) = build([big], settings: wider, reusing: first, cache: cache)
        XCTAssertEqual(steps, freshSteps)
        assertSame(relaid, CycleLayoutBuilder.layout(messages: [big], settings: wider, cache: cache))
    }

    func testByteEqualityDistinguishesCanonicallyEquivalentText() {
        // "é" precomposed and decomposed are equal Strings in Swift but draw differently.
        XCTAssertTrue(ReusableMessages.sameBytes("caf\u{E9}", "caf\u{E9}"))
        XCTAssertFalse(ReusableMessages.sameBytes("caf\u{E9}", "cafe\u{301}"))
        let cache = ShapeCache(shaper: FakeShaper())
        let (first, _) = build([Message("caf\u{E9}")], settings: settings, cache: cache)
        let decomposed = Message("cafe\u{301}")
        let (reused, _) = build([decomposed], settings: settings, reusing: first, cache: cache)
        assertSame(reused, CycleLayoutBuilder.layout(messages: [decomposed], settings: settings, cache: cache))
    }

    /// Insertions, removals and a reversed list still find every unchanged message. Counted with a
    /// fresh shape cache: only pieces of new text (and the separator) are shaped.
    func testMovedMessagesAreFoundWhereverTheyWent() {
        let plain = LayoutSettings(separator: " | ")
        let lines = (0..<100).map { Message("line \($0) abcdefghij") }
        let (first, _) = build(lines, settings: plain, cache: ShapeCache(shaper: FakeShaper()))
        for changed in [Array(lines.dropFirst(3)), [Message("QQQ")] + lines, [Message("QQQ")] + lines.reversed()] {
            let shaper = FakeShaper()
            let (reused, _) = build(changed, settings: plain, reusing: first, cache: ShapeCache(shaper: shaper))
            XCTAssertLessThanOrEqual(shaper.calls, 3, "only ' ', '|' and 'QQQ' are new")
            assertSame(reused, CycleLayoutBuilder.layout(messages: changed, settings: plain, cache: ShapeCache(shaper: FakeShaper())))
        }
    }

    /// A clock ticking beside a long file: the file's block is the very same object in the next
    /// cycle, found in one step, and only the clock is shaped; everything sits where a fresh
    /// layout puts it.
    func testAnUnchangedSourceKeepsItsBlockAndAnUpdateCostsWhatChanged() {
        let file = (0..<20_000).map { Message("line \($0) of a long file") }
        let shaper = FakeShaper()
        let cache = ShapeCache(shaper: shaper)
        let first = CycleLayoutBuilder(groups: [MessageGroup(source: "file", messages: file),
                                                MessageGroup(source: "clock", messages: [Message("12:00:00", tabularDigits: true)])],
                                       settings: settings)
        var builder = first
        var layout: CycleLayout?
        while layout == nil { layout = builder.run(budget: 4096, cache: cache) }
        let before = shaper.calls
        var tick = CycleLayoutBuilder(groups: [MessageGroup(source: "file", messages: file),
                                               MessageGroup(source: "clock", messages: [Message("12:00:01", tabularDigits: true)])],
                                      settings: settings, reusing: layout)
        let ticked = tick.run(budget: 4096, cache: cache)
        XCTAssertNotNil(ticked, "one step: the file's 20 000 lines are not walked")
        XCTAssertTrue(ticked!.blocks[0] === layout!.blocks[0], "the file's block is reused as it is")
        XCTAssertLessThanOrEqual(shaper.calls - before, 1, "only the clock's new text is shaped")
        let fresh = CycleLayoutBuilder.layout(messages: file + [Message("12:00:01", tabularDigits: true)], settings: settings,
                                              cache: ShapeCache(shaper: FakeShaper()))
        XCTAssertEqual(ticked!.messageStarts, fresh.messageStarts)
        XCTAssertEqual(ticked!.width, fresh.width)
        XCTAssertTrue(ticked!.hasSamePlaces(as: layout!), "a clock of tabular digits keeps every place: the text is updated in place")
        XCTAssertEqual(ticked!.chunks(overlapping: fresh.width - 300, fresh.width), fresh.chunks(overlapping: fresh.width - 300, fresh.width))
        // Message 20 000 (the clock) of the old layout is message 20 000 of the new one only by
        // place: its text changed, so it has no unchanged copy; a file line has, in its own block.
        XCTAssertNil(ticked!.index(ofMessage: 20_000, in: layout!))
        XCTAssertEqual(ticked!.index(ofMessage: 1234, in: layout!), 1234)
        XCTAssertEqual(ticked!.index(corresponding: 20_000, in: layout!), 20_000)
    }

    func testAMessageThatMovedToAnotherSourceIsStillFound() {
        let cache = ShapeCache(shaper: FakeShaper())
        let one = CycleLayoutBuilder.layout(messages: [Message("alpha"), Message("bravo")], settings: settings, cache: cache)
        var builder = CycleLayoutBuilder(groups: [MessageGroup(source: "feed", messages: [Message("bravo")]),
                                                  MessageGroup(source: "", messages: [Message("alpha")])],
                                         settings: settings, reusing: one)
        let two = builder.run(budget: .max, cache: cache)!
        XCTAssertEqual(two.index(ofMessage: 1, in: one), 0, "bravo, now the feed's")
        XCTAssertEqual(two.index(ofMessage: 0, in: one), 1, "alpha, in its own source's new block")
    }
}
