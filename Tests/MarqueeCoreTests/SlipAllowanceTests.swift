import MarqueeCore
import XCTest

final class SlipAllowanceTests: XCTestCase {
    private let period = 1.0 / 60

    func testAMissedRefreshNowAndThenIsAbsorbed() {
        var allowance = SlipAllowance()
        // One refresh missed every half second, for a minute.
        for second in 0..<120 {
            XCTAssertTrue(allowance.absorbs(period, at: Double(second) * 0.5), "slip \(second)")
        }
    }

    func testADisplayThatFallsBehindForGoodCatchesUpByTime() {
        var allowance = SlipAllowance()
        // Every second refresh missed: after the allowance is spent, most are caught up.
        var absorbed = 0
        for frame in 0..<600 where allowance.absorbs(period, at: Double(frame) * 2 * period) { absorbed += 1 }
        XCTAssertLessThan(Double(absorbed) * period, SlipAllowance.capacity + 20 * SlipAllowance.share + period,
                          "no more than the capacity and a quarter of the 20 s that passed")
        XCTAssertGreaterThan(absorbed, 6)
    }

    func testALongStallIsNotAbsorbed() {
        var allowance = SlipAllowance()
        XCTAssertFalse(allowance.absorbs(0.5, at: 10), "half a second behind: the text catches up")
        XCTAssertTrue(allowance.absorbs(2 * period, at: 10), "the allowance is untouched by what it refused")
    }

    func testTheAllowanceRefillsWithTime() {
        var allowance = SlipAllowance()
        XCTAssertTrue(allowance.absorbs(SlipAllowance.capacity, at: 0))
        XCTAssertFalse(allowance.absorbs(period, at: 0.05), "spent: 12.5 ms back in 50 ms")
        XCTAssertTrue(allowance.absorbs(period, at: 0.1), "25 ms back in 0.1 s")
        XCTAssertFalse(allowance.absorbs(0, at: 1), "nothing to absorb")
    }
}
