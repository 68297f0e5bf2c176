import XCTest
@testable import DisplayTestSupport

/// A test case with a headless sway of its own, started before each test and stopped after it;
/// skipped, saying why, only where sway cannot run.
class SwayTestCase: XCTestCase {
    var sway: HeadlessSway!

    override func setUpWithError() throws {
        if let reason = HeadlessSway.unavailable { throw XCTSkip(reason) }
        sway = try HeadlessSway()
    }

    override func tearDown() {
        sway?.stop()
        sway = nil
    }
}
