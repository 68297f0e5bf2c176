import MarqueeCore
import TickerDriver
import XCTest

/// Pointer, keys and requests: links opened, the pointer's shape, announcements.
final class InputTests: XCTestCase {
    private let linked = [Message.data("Linked headline here", link: "https://example.org/story")]

    func testAClickOnALinkedMessageOpensItsLink() throws {
        let rig = try DriverRig(linked, speed: 0)
        rig.input(.press(x: 30))
        rig.input(.release(x: 30))
        XCTAssertEqual(rig.openedLinks, ["https://example.org/story"])
    }

    func testADragOpensNothing() throws {
        let rig = try DriverRig(linked, speed: 0)
        rig.input(.press(x: 30))
        rig.clock.advance(to: rig.clock.now + 0.05)
        rig.input(.move(x: 90))
        rig.input(.release(x: 90))
        XCTAssertEqual(rig.openedLinks, [])
    }

    /// "Plain words here" (160 px), " * ", then the linked message from column 190.
    private var plainThenLinked: [Message] { [Message("Plain words here")] + linked }

    func testAClickOnTextWithoutALinkOpensNothing() throws {
        let rig = try DriverRig(plainThenLinked, speed: 0, width: 600)
        rig.input(.press(x: 30))
        rig.input(.release(x: 30))
        XCTAssertEqual(rig.openedLinks, [])
        rig.input(.press(x: 220))
        rig.input(.release(x: 220))
        XCTAssertEqual(rig.openedLinks, ["https://example.org/story"])
    }

    func testThePointerShowsAHandOverALink() throws {
        let rig = try DriverRig(plainThenLinked, speed: 0, width: 600)
        rig.input(.enter(x: 220))
        XCTAssertTrue(rig.backend.pointerOverLink)
        rig.input(.move(x: 30))
        XCTAssertFalse(rig.backend.pointerOverLink)
        XCTAssertTrue(rig.backend.frames.isEmpty, "hovering draws nothing")
    }

    func testTheSpaceKeyPausesAndResumes() throws {
        let rig = try DriverRig(speed: 120)
        rig.input(.key(.togglePause))
        XCTAssertTrue(rig.ticker.isPaused)
        rig.input(.key(.togglePause))
        XCTAssertFalse(rig.ticker.isPaused)
    }

    func testTheReadKeyAnnouncesTheMessageAtTheEdge() throws {
        let rig = try DriverRig(speed: 0)
        rig.input(.key(.readAloud))
        XCTAssertEqual(rig.announcements.map(\.text), ["Markets rally as tech stocks climb"])
    }

    func testSayingSomethingAnnouncesIt() throws {
        let rig = try DriverRig(speed: 120)
        rig.ticker.announce("Build finished")
        XCTAssertEqual(rig.announcements.map(\.text), ["Build finished"])
    }

    func testSkippingMovesToTheNextMessage() throws {
        let rig = try DriverRig(["One", "Two"], speed: 0, width: 40)
        XCTAssertEqual(rig.ticker.messageOnScreen, "One")
        rig.ticker.skipToNextMessage()
        rig.runFrames(120)
        XCTAssertEqual(rig.ticker.messageOnScreen, "Two")
    }
}
