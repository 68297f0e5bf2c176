import XCTest
@testable import MarqueeWayland

/// Wheel steps from axis events without a compositor: a mouse's clicks count as they come, a
/// touchpad's small amounts add up to steps of 10 units.
final class WheelStepsTests: XCTestCase {
    func testAWheelClickIsItsDiscreteCountWhateverItsAmount() {
        var wheel = WheelSteps()
        // wlroots sends libinput's 15 degrees with one click; weston and mutter send 10.
        wheel.discrete(1)
        wheel.axis(15)
        XCTAssertEqual(wheel.endFrame(), 1)
        wheel.discrete(-2)
        wheel.axis(-30)
        XCTAssertEqual(wheel.endFrame(), -2)
        XCTAssertEqual(wheel.endFrame(), 0, "an empty frame (motion only) is no step")
    }

    func testSmallAmountsAddUpToStepsOfTenUnits() {
        var wheel = WheelSteps()
        let steps = (0..<12).map { _ -> Int in
            wheel.axis(2.5)
            return wheel.endFrame()
        }
        // 2.5, 5, 7.5, 10 → a step; 30 units in all → three.
        XCTAssertEqual(steps, [0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1])
    }

    func testTurningBackOrStoppingDropsTheRemainder() {
        var wheel = WheelSteps()
        wheel.axis(8)
        XCTAssertEqual(wheel.endFrame(), 0)
        wheel.axis(-4)
        XCTAssertEqual(wheel.endFrame(), 0, "8 down then 4 up is no step down, and the 8 are forgotten")
        wheel.axis(-6)
        XCTAssertEqual(wheel.endFrame(), -1, "4 + 6 up is one step up")
        wheel.axis(9)
        XCTAssertEqual(wheel.endFrame(), 0)
        wheel.stop()
        wheel.axis(2)
        XCTAssertEqual(wheel.endFrame(), 0, "a new swipe starts from nothing")
        wheel.axis(8)
        XCTAssertEqual(wheel.endFrame(), 1)
    }

    func testABigAmountInOneFrameIsSeveralSteps() {
        var wheel = WheelSteps()
        wheel.axis(-35)
        XCTAssertEqual(wheel.endFrame(), -3)
        wheel.axis(-5)
        XCTAssertEqual(wheel.endFrame(), -1, "the 5 left over count with the next")
    }
}
