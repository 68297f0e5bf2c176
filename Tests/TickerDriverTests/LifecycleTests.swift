import MarqueeCore
import MarqueeFormats
import MarqueeIO
import TickerDriver
import XCTest

/// The one-way flow, how the program ends, and what a reload asks of the display.
final class LifecycleTests: XCTestCase {
    func testTheDriverNeverRunsInsideABackendCall() throws {
        let rig = try DriverRig(linked(), speed: 120, queueing: true)
        rig.runFrames(10)
        rig.input(.press(x: 20))
        rig.input(.release(x: 20))
        rig.say(.resized(width: 200), .damaged, .scale(2), .obscured(true), .obscured(false))
        rig.ticker.setLook(TickerLook(foreground: RGBAColor(hex: "#ff0000")!, background: RGBAColor(hex: "#000000")!))
        rig.ticker.place(PlacementUpdate(height: 40, monitor: .primary))
        rig.runFrames(10)
        XCTAssertEqual(rig.backend.reentrantCalls, [])
    }

    func testWhatAFrameAsksIsSentBeforeTheLoopSleeps() throws {
        let rig = try DriverRig(speed: 120)
        rig.runFrames(5)
        XCTAssertEqual(rig.backend.drainsSinceShow, 1, "a drain after the frame sent its requests")
    }

    func testClosingTheWindowEndsWithSuccess() throws {
        let rig = try DriverRig()
        rig.say(.closed)
        XCTAssertEqual(rig.exitStatus, ExitStatus.success.rawValue)
    }

    func testALostDisplayEndsWithItsOwnStatus() throws {
        let rig = try DriverRig()
        rig.say(.lost)
        XCTAssertEqual(rig.exitStatus, ExitStatus.displayLost.rawValue)
    }

    func testEventsAfterTheEndAreNotHandled() throws {
        let rig = try DriverRig(speed: 120)
        let frames = rig.backend.frames.count
        rig.say(.closed, .frame(FrameTime(counter: 1, time: DriverRig.start + DriverRig.period, period: DriverRig.period)))
        XCTAssertEqual(rig.backend.frames.count, frames)
    }

    func testAReloadsPlacementGoesToTheDisplayAndItsRefusalsAreReported() throws {
        let rig = try DriverRig()
        rig.backend.refusals = [PlacementRefusal(option: "above", reason: "not here")]
        let refused = rig.ticker.place(PlacementUpdate(height: 48, monitor: .primary, above: true))
        XCTAssertEqual(rig.backend.placements.map(\.height), [48])
        XCTAssertEqual(refused.map(\.option), ["above"])
    }

    func testANewFontLaysTheTextOutAgainInPlace() throws {
        let rig = try DriverRig(speed: 120)
        rig.runFrames(10)
        let before = try XCTUnwrap(rig.lastFrame)
        rig.ticker.setFont(MonospaceShaper())
        rig.runFrames(1)
        let after = try XCTUnwrap(rig.lastFrame)
        XCTAssertEqual(after.position, before.position + 2)
        XCTAssertFalse(after.plan.strip?.segments.first?.content.shaper === before.plan.strip?.segments.first?.content.shaper,
                       "the text on the strip is the one measured with the new font")
    }

    func testTheSurfacesScaleIsKeptAndTheDesktopAsked() throws {
        let rig = try DriverRig()
        XCTAssertNil(rig.ticker.surfaceScale)
        rig.say(.scale(1.5))
        XCTAssertEqual(rig.ticker.surfaceScale, 1.5)
        XCTAssertEqual(rig.desktopChanges, 1)
        rig.say(.desktopChanged)
        XCTAssertEqual(rig.desktopChanges, 2)
    }

    func testHowFramesArePresentedIsReported() throws {
        let rig = try DriverRig()
        rig.say(.presentation(FramePresentation(paced: true, tearFree: true)))
        var report = StatusReport()
        rig.ticker.describe(into: &report)
        XCTAssertTrue(report.present)
        XCTAssertTrue(report.tearFree)
    }

    func testStatusReportsTheFramesShown() throws {
        let rig = try DriverRig(speed: 120)
        rig.runFrames(7)
        var report = StatusReport()
        rig.ticker.describe(into: &report)
        XCTAssertEqual(report.framesShown, 7)
        XCTAssertEqual(report.message, "Markets rally as tech stocks climb")
    }

    private func linked() -> [Message] { [Message.data("Linked headline", link: "https://example.org")] }
}
