import XCTest
@testable import MarqueeCore

/// A bounce whose range changes (a clock's text, a resize) carries on from where it stood.
final class BounceContinuationTests: XCTestCase {
    // Range 0…200 at 100 px/s, 1 s rests: rest 0–1, up 1–3, rest 3–4, down 4–6.
    private let old = ScrollProgram.bounce(low: 0, high: 200, speed: 100, pause: 1)

    func testMovingUpContinuesUpFromTheSamePosition() throws {
        let new = ScrollProgram.bounce(low: 0, high: 300, speed: 100, pause: 1)
        let tau = try XCTUnwrap(new.bounceTime(continuing: old, at: 2.5))
        XCTAssertEqual(new.position(at: tau), 150, accuracy: 1e-9)
        XCTAssertGreaterThan(new.position(at: tau + 0.1), 150, "still heading up")
    }

    func testMovingDownContinuesDown() throws {
        let new = ScrollProgram.bounce(low: 0, high: 250, speed: 100, pause: 1)
        let tau = try XCTUnwrap(new.bounceTime(continuing: old, at: 5))
        XCTAssertEqual(new.position(at: tau), 100, accuracy: 1e-9)
        XCTAssertLessThan(new.position(at: tau + 0.1), 100, "still heading down")
    }

    func testARestKeepsWhatIsLeftOfIt() throws {
        let new = ScrollProgram.bounce(low: 0, high: 200, speed: 100, pause: 1)
        XCTAssertEqual(try XCTUnwrap(new.bounceTime(continuing: old, at: 0.4)), 0.4, accuracy: 1e-9)
        let atHigh = try XCTUnwrap(new.bounceTime(continuing: old, at: 3.25))
        XCTAssertEqual(new.position(at: atHigh), 200)
        XCTAssertEqual(try XCTUnwrap(new.restEnd(after: atHigh)) - atHigh, 0.75, accuracy: 1e-9)
    }

    func testAShorterRangeTakesThePositionToItsNearerEnd() throws {
        let new = ScrollProgram.bounce(low: 0, high: 100, speed: 100, pause: 1)
        let tau = try XCTUnwrap(new.bounceTime(continuing: old, at: 2.5))
        XCTAssertEqual(new.position(at: tau), 100)
    }

    func testOnlyBouncesContinue() {
        XCTAssertNil(ScrollProgram.still(position: 0).bounceTime(continuing: old, at: 1))
        XCTAssertNil(old.bounceTime(continuing: .still(position: 5), at: 1))
    }
}
