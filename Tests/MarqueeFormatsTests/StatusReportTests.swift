import MarqueeFormats
import XCTest

final class StatusReportTests: XCTestCase {
    func testJSONEscapesTextAndHasNoNonNumbers() {
        var report = StatusReport()
        report.name = "x"
        report.message = "say \"hi\"\\\n\u{1}é"
        report.speed = .nan
        report.refreshRate = 59.94
        report.sources = [StatusReport.Source(name: "feed 0: http://a/", lastSuccess: 1.5)]
        let json = report.json
        XCTAssertTrue(json.contains(#""message":"say \"hi\"\\\n\u0001é""#), json)
        XCTAssertTrue(json.contains(#""speed":null"#), json)
        XCTAssertTrue(json.contains(#""refreshRate":59.94"#), json)
        XCTAssertTrue(json.contains(#""sources":[{"name":"feed 0: http://a/","lastSuccess":1.5,"lastError":null,"lastErrorTime":null}]"#), json)
        XCTAssertTrue(json.hasPrefix("{\"name\":\"x\",\"pid\":0,"))
    }

    func testStatusIsARequest() throws {
        XCTAssertEqual(try ControlRequest(parsing: "status"), .status)
        XCTAssertEqual(ControlRequest.status.line, "status")
        XCTAssertThrowsError(try ControlRequest(parsing: "status now"))
    }
}
