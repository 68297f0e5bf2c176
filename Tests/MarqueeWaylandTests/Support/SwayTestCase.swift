import MarqueeIO
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

extension SwayTestCase {
    /// Runs `loop` for `seconds`, then returns.
    func run(_ loop: EventLoop, for seconds: Double) {
        let timer = DeadlineTimer()!
        timer.arm(at: MonotonicClock.now() + seconds)
        loop.watch(timer.fd) { _ in
            timer.acknowledge()
            loop.stop(status: 0)
        }
        _ = loop.run()
        loop.unwatch(timer.fd)
        loop.restart()
    }
}
