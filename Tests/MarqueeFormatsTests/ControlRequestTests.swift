import XCTest
@testable import MarqueeFormats

final class ControlRequestTests: XCTestCase {
    func testRequestsParseAndPrintBack() throws {
        for request in [ControlRequest.pause, .resume, .toggle, .next, .quit, .speed(60), .say("Breaking news")] {
            XCTAssertEqual(try ControlRequest(parsing: request.line), request)
        }
        XCTAssertEqual(try ControlRequest(parsing: "  say   spaced out "), .say("spaced out "))
        XCTAssertEqual(try ControlRequest(parsing: "quit"), .quit)
        // Found by the fuzzer: a control character first became a leading space, which the
        // request line then lost, so the request did not print back to itself.
        let sanitized = try ControlRequest(parsing: "say \u{1} Breaking: news")
        XCTAssertEqual(sanitized, .say("Breaking: news"))
        XCTAssertEqual(try ControlRequest(parsing: sanitized.line), sanitized)
    }

    func testBadRequestsSayWhatIsWrong() {
        for bad in ["", "jump", "pause now", "speed", "speed -3", "speed nan", "speed 1e9", "say", "say \u{7}"] {
            XCTAssertThrowsError(try ControlRequest(parsing: bad), bad)
        }
    }
}
