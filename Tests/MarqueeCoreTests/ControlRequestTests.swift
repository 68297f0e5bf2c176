import XCTest
@testable import MarqueeCore

final class ControlRequestTests: XCTestCase {
    func testRequestsParseAndPrintBack() throws {
        for request in [ControlRequest.pause, .resume, .toggle, .next, .speed(60), .say("Breaking news")] {
            XCTAssertEqual(try ControlRequest(parsing: request.line), request)
        }
        XCTAssertEqual(try ControlRequest(parsing: "  say   spaced out "), .say("spaced out "))
    }

    func testBadRequestsSayWhatIsWrong() {
        for bad in ["", "jump", "pause now", "speed", "speed -3", "speed nan", "speed 1e9", "say", "say \u{7}"] {
            XCTAssertThrowsError(try ControlRequest(parsing: bad), bad)
        }
    }
}
