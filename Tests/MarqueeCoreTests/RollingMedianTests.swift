import XCTest
@testable import MarqueeCore

final class RollingMedianTests: XCTestCase {
    /// The window's median after every value, against sorting the last `capacity` values again.
    func testMatchesTheSortedWindowAfterEveryValue() {
        var generator = SystemRandomNumberGenerator()
        for capacity in [1, 2, 5, 31] {
            var rolling = RollingMedian(capacity: capacity)
            var all: [Double] = []
            for _ in 0..<500 {
                // Few distinct values, so that duplicates come and go too.
                let value = Double(Int.random(in: 0..<12, using: &generator)) / 4
                rolling.add(value)
                all.append(value)
                let window = all.suffix(capacity).sorted()
                XCTAssertEqual(rolling.count, window.count)
                XCTAssertEqual(rolling.median, window[window.count / 2], "capacity \(capacity) after \(all.count) values")
            }
        }
    }

    func testEmptyAndAfterRemovingAll() {
        var rolling = RollingMedian(capacity: 3)
        XCTAssertNil(rolling.median)
        for value in [3.0, 1, 2, 9] { rolling.add(value) }
        XCTAssertEqual(rolling.median, 2)
        rolling.removeAll()
        XCTAssertNil(rolling.median)
        XCTAssertEqual(rolling.count, 0)
        rolling.add(7)
        XCTAssertEqual(rolling.median, 7)
    }
}
