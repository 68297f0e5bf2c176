import CX11
import Foundation
import Glibc
import XCTest
@testable import DisplayTestSupport

/// `--mode hold` as a viewer sees it on Xvfb: the real executable, its frames timed by Present
/// (an observer selects the completions of the pixmaps it presents on its window, to the vblank),
/// its stands read with OCR. Wayland's twin is `HoldModeWaylandTests`.
final class HoldModeX11Tests: XCTestCase {
    nonisolated(unsafe) static var server: XvfbServer!
    override class func setUp() { server = try! XvfbServer(width: 1280, height: 200) }

    override class func tearDown() {
        server.stop()
        server = nil
    }

    func testEachMessageStartStandsAtTheLeftEdgeForTheHoldWithNoFrames() throws {
        try standsForTheHold(["--hold", "1.5"], hold: 1.5)
    }

    /// Beside a label the reading edge is the label's: the message's start stands there.
    func testBesideALabelTheMessageStartStandsAtTheLabelsEdge() throws {
        try standsForTheHold(["--hold", "1"] + StandWatch.label, hold: 1, label: true)
    }

    /// The bar 800 px wide at 240 px/s for 9 s, watched with Present; each stand (a gap between
    /// presented frames) lasts the hold (to the vblanks `StandWatch` allows), and OCR reads a message's first words at the
    /// reading edge; the messages stand in their order and the text moves on after each.
    private func standsForTheHold(_ arguments: [String], hold: Double, label: Bool = false) throws {
        if let reason = TextRecognizer.unavailable { throw XCTSkip(reason) }
        let (ticker, probe, window) = try TickerProcess.launchWithWindow(StandWatch.bar(arguments), display: Self.server.display)
        defer { ticker.stop() }
        var opcode: Int32 = 0, eventBase: Int32 = 0, errorBase: Int32 = 0
        guard XPresentQueryExtension(probe.display, &opcode, &eventBase, &errorBase) != 0 else { throw XCTSkip("no Present") }
        _ = XPresentSelectInput(probe.display, window, UInt32(PresentCompleteNotifyMask))
        XSync(probe.display, 0)
        let watch = try StandWatch.watch(ticker.pid, seconds: 9, newFrames: {
            var frames: [Double] = []
            var event = XEvent()
            while XPending(probe.display) > 0 {
                XNextEvent(probe.display, &event)
                guard event.type == GenericEvent, event.xcookie.extension == opcode, XGetEventData(probe.display, &event.xcookie) != 0
                else { continue }
                defer { XFreeEventData(probe.display, &event.xcookie) }
                guard event.xcookie.evtype == PresentCompleteNotify, let data = event.xcookie.data else { continue }
                let complete = data.assumingMemoryBound(to: XPresentCompleteNotifyEvent.self).pointee
                if complete.kind == UInt8(PresentCompleteKindPixmap) { frames.append(Double(complete.ust) / 1e6) }
            }
            var now = timespec()
            clock_gettime(CLOCK_MONOTONIC, &now)
            return (frames, Double(now.tv_sec) + Double(now.tv_nsec) / 1e9)
        }, screenshot: { try Screenshot.ofRoot(display: Self.server.display) })
        print("hold \(hold) s on X11\(label ? " beside a label" : ""): \(watch.summary)")
        XCTAssertEqual(try watch.problems(hold: hold, label: label, restart: 2, name: "x11"), [])
    }
}
