import XCTest
@testable import MarqueeWayland

/// A time as `wp_commit_timer_v1.set_timestamp` takes it.
final class CommitTimestampTests: XCTestCase {
    func testSecondsSplitIntoHighAndLowWordsAndNanoseconds() {
        XCTAssertEqual(parts(12.25), [0, 12, 250_000_000])
        XCTAssertEqual(parts(5_000_000_000.5), [1, 705_032_704, 500_000_000])
        XCTAssertEqual(parts(86_400 * 30 + 0.016_666_667), [0, 2_592_000, 16_666_667], "a month's uptime, to the nanosecond")
    }

    func testNanosecondsRoundAndNeverReachASecond() {
        XCTAssertEqual(parts(3.999_999_999_9), [0, 4, 0])
        XCTAssertEqual(parts(7.000_000_001), [0, 7, 1])
    }

    func testATimeBeforeTheClocksOriginIsItsOrigin() {
        XCTAssertEqual(parts(-0.5), [0, 0, 0])
        XCTAssertEqual(parts(.nan), [0, 0, 0])
    }

    private func parts(_ seconds: Double) -> [UInt32] {
        let stamp = CommitTimestamp(seconds: seconds)
        return [stamp.secondsHigh, stamp.secondsLow, stamp.nanoseconds]
    }
}
