import XCTest
@testable import MarqueeCore

final class MessagePagerTests: XCTestCase {
    func testReadingTimeGrowsWithLengthUpToALimit() {
        XCTAssertEqual(MessagePager.readingTime(characters: 0), 2)
        XCTAssertEqual(MessagePager.readingTime(characters: 90), 8, accuracy: 1e-9)
        XCTAssertLessThan(MessagePager.readingTime(characters: 12), MessagePager.readingTime(characters: 40))
        XCTAssertEqual(MessagePager.readingTime(characters: 10_000_000), 20)
    }

    func testPagesFollowOneAnotherAfterTheirReadingTime() {
        var pager = MessagePager(at: 100)
        pager.setMessages(lengths: [30, 60, 15])
        XCTAssertEqual(pager.page, .message(0))
        XCTAssertEqual(pager.nextSwitch, 104)
        pager.advance(at: 104)
        XCTAssertEqual(pager.page, .message(1))
        XCTAssertEqual(pager.nextSwitch, 110)
        pager.advance(at: 110)
        pager.advance(at: 113)
        XCTAssertEqual(pager.page, .message(0), "wraps round")
    }

    func testASingleMessageStandsForever() {
        var pager = MessagePager(at: 0)
        pager.setMessages(lengths: [500])
        XCTAssertNil(pager.nextSwitch)
        pager.setMessages(lengths: [])
        XCTAssertNil(pager.nextSwitch)
    }

    func testNewMessagesKeepThePageAndItsTime() {
        var pager = MessagePager(at: 0)
        pager.setMessages(lengths: [30, 30, 30])
        pager.advance(at: 4)
        pager.advance(at: 8)
        pager.setMessages(lengths: [30, 30, 30, 30])
        XCTAssertEqual(pager.page, .message(2))
        XCTAssertEqual(pager.nextSwitch, 12)
        pager.setMessages(lengths: [30, 30])
        XCTAssertEqual(pager.page, .message(0), "a page number that is gone starts over")
    }

    func testHoldingKeepsThePageAndReleasingGivesTheRestOfItsTime() {
        var pager = MessagePager(at: 0)
        pager.setMessages(lengths: [30, 30])
        pager.hold(at: 1)
        XCTAssertTrue(pager.isHeld)
        XCTAssertNil(pager.nextSwitch)
        pager.release(at: 50)
        XCTAssertEqual(pager.nextSwitch, 53, "3 of its 4 seconds were left")
    }

    func testHoverAndResumeScrollAndPagesComeBackWithAFullReadingTime() {
        var pager = MessagePager(at: 0)
        pager.setMessages(lengths: [30, 30])
        pager.startScrolling(.hover, at: 1)
        XCTAssertFalse(pager.showsPages)
        XCTAssertNil(pager.nextSwitch)
        pager.startScrolling(.request, at: 2)
        pager.stopScrolling(.hover, at: 3)
        XCTAssertFalse(pager.showsPages, "ctl resume still asks for scrolling")
        pager.hold(at: 9)
        XCTAssertTrue(pager.showsPages, "a pause ends the request")
        XCTAssertNil(pager.nextSwitch)
        pager.startScrolling(.request, at: 10)
        XCTAssertFalse(pager.isHeld, "resume releases the hold too")
        pager.stopScrolling(.request, at: 20)
        XCTAssertEqual(pager.nextSwitch, 24)
    }

    func testAnUrgentMessageShowsAtOnceThenTheNextPage() {
        var pager = MessagePager(at: 0)
        pager.setMessages(lengths: [30, 30, 30])
        pager.showUrgent(characters: 15, at: 1)
        XCTAssertEqual(pager.page, .urgent)
        XCTAssertEqual(pager.nextSwitch, 4)
        pager.advance(at: 4)
        XCTAssertEqual(pager.page, .message(1))
    }

    func testEllipsisCutsAtWhatFits() {
        let measure: (Character) -> Int = { $0 == TextEllipsis.mark ? 6 : 10 }
        XCTAssertNil(TextEllipsis.cut("abcd", toFit: 40, measure: measure), "fits exactly")
        XCTAssertEqual(TextEllipsis.cut("abcde", toFit: 40, measure: measure), "abc…")
        XCTAssertEqual(TextEllipsis.cut("ab  cdefgh", toFit: 46, measure: measure), "ab…", "no spaces before the mark")
        XCTAssertEqual(TextEllipsis.cut("abc", toFit: 3, measure: measure), "…")
        XCTAssertEqual(TextEllipsis.cut("e\u{301}e\u{301}e\u{301}", toFit: 20, measure: measure), "é…", "whole clusters")
        var measured = 0
        let long = String(repeating: "x", count: 1_000_000)
        _ = TextEllipsis.cut(long, toFit: 100) { measured += 1; return measure($0) }
        XCTAssertLessThan(measured, 20, "reads only what the width reaches")
    }
}

final class VisibleTextTests: XCTestCase {
    func testTagsAreNotText() {
        let message = Message("CPU %{F#ff5050}93%%%{F-} and %{A:https://x.org:}a link%{A}")
        XCTAssertEqual(message.visibleText(interpretingMarkup: true, limit: 100), "CPU 93% and a link")
        XCTAssertEqual(message.visibleText(interpretingMarkup: false, limit: 100), message.text)
        XCTAssertEqual(Message.data("%{F#f00}x").visibleText(interpretingMarkup: true, limit: 100), "%{F#f00}x")
        XCTAssertEqual(message.visibleText(interpretingMarkup: true, limit: 6), "CPU 93")
    }

    func testShowingAMessageByNumber() {
        var pager = MessagePager(at: 0)
        pager.setMessages(lengths: [1, 2, 3])
        pager.show(messageAt: 2)
        XCTAssertEqual(pager.page, .message(2))
        pager.show(messageAt: 7)
        XCTAssertEqual(pager.page, .message(0))
    }
}
