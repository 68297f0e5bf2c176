import FontMatching
import Foundation
import MarqueeCore
import MarqueeFormats
import MarqueeIO
import DriverTestSupport
import TickerDriver
import TileRaster
import XCTest
@testable import MarqueeWayland
@testable import DisplayTestSupport

/// The bar under headless sway, in process: its exclusive zone, its pixels moving, its frames.
final class WaylandTickerTests: SwayTestCase {
    private let white = RGBAColor(red: 0xFFFF, green: 0xFFFF, blue: 0xFFFF)
    private let navy = RGBAColor(red: 0, green: 0, blue: 0x8000)
    private let orange = RGBAColor(red: 0xFFFF, green: 0x8000, blue: 0)

    private func makeTicker(edge: BarEdge = .top, height: Int = 40, speed: Double = 120,
                            loop: EventLoop) throws -> (WaylandDisplay, Ticker, RecordingBackend) {
        let display = try WaylandDisplay(name: sway.waylandDisplay)
        let capsule = CapsuleStyle(color: orange, radius: 6)
        let style = TickerStyle(foreground: white, background: navy, speed: speed, direction: .left,
                                layout: LayoutSettings(separator: "   "), capsule: capsule)
        let font = try FontSet.open(patterns: ["DejaVu Sans:pixelsize=20"]).0
        let backend = try WaylandBackend(display: display, placement: .bar(edge: edge, layer: .top, monitor: .primary),
                                         height: height, font: font, look: style.look, loop: loop)
        let frames = RecordingBackend(backend, now: MonotonicClock.now)
        let ticker = try Ticker(backend: frames, shaper: font, reordering: BidiReordering(), style: style, loop: loop)
        ticker.setMessages(["Markets rally as tech stocks climb", "Rain expected tomorrow"])
        return (display, ticker, frames)
    }

    private func workspaceRect() throws -> (y: Int, height: Int) {
        let workspaces = try XCTUnwrap(sway.query("get_workspaces") as? [[String: Any]])
        let rect = try XCTUnwrap(workspaces.first?["rect"] as? [String: Any])
        return (try XCTUnwrap(rect["y"] as? Int), try XCTUnwrap(rect["height"] as? Int))
    }

    func testTopBarReservesItsHeight() throws {
        let loop = EventLoop()
        let (display, ticker, recorder) = try makeTicker(height: 40, loop: loop)
        run(loop, for: 0.5)
        XCTAssertEqual((recorder.base as? WaylandBackend)?.width, 1280, "anchored to both sides: the output's width")
        XCTAssertEqual(try workspaceRect().y, 40)
        XCTAssertEqual(try workspaceRect().height, 680)
        withExtendedLifetime((display, ticker)) {}
    }

    func testBottomBarReservesItsHeight() throws {
        let loop = EventLoop()
        let (display, ticker, _) = try makeTicker(edge: .bottom, height: 30, loop: loop)
        run(loop, for: 0.5)
        XCTAssertEqual(try workspaceRect().y, 0)
        XCTAssertEqual(try workspaceRect().height, 690)
        withExtendedLifetime((display, ticker)) {}
    }

    func testBarPixelsMoveAtTheFrameRate() throws {
        let loop = EventLoop()
        let (display, ticker, _) = try makeTicker(height: 40, speed: 120, loop: loop)
        run(loop, for: 0.6)
        let first = try sway.screenshot()
        run(loop, for: 0.4)
        let second = try sway.screenshot()
        XCTAssertEqual(first.width, 1280)
        // The bar is the top 40 rows: background and capsules there, and they moved.
        XCTAssertNotEqual(first.band(0..<40), second.band(0..<40), "the bar's pixels move")
        let hasCapsule = (0..<1280).contains { x in first.pixel(x: x, y: 20) == (255, 128, 0) }
        XCTAssertTrue(hasCapsule, "the item boxes are painted")
        let corner = first.pixel(x: 0, y: 0)
        XCTAssertTrue(corner == (0, 0, 128) || corner == (255, 128, 0), "the bar's colours at its corner: \(corner)")
        // About 60 frames a second came from the compositor's callbacks, none missed for long.
        XCTAssertGreaterThan(ticker.framesDrawn, 40)
        XCTAssertEqual(ticker.refreshPeriod, 1.0 / 60, accuracy: 0.002)
        withExtendedLifetime((display, ticker)) {}
    }

    /// The motion measured from the frames themselves: each frame's strip position (to an eighth
    /// of a pixel) against the time it is to be shown at.
    func testMotionIsExactAtTheAskedSpeed() throws {
        let loop = EventLoop()
        let (display, ticker, recorder) = try makeTicker(height: 40, speed: 90, loop: loop)
        var frames: [(position: Double, time: Double)] = []
        recorder.onFrame = { frame in
            frames.append((Double(frame.position) + Double(frame.phase) / Double(SubpixelGrid.steps), frame.time))
        }
        run(loop, for: 2.5)
        let settled = Array(frames.dropFirst(30))
        XCTAssertGreaterThan(settled.count, 80)
        let first = try XCTUnwrap(settled.first), last = try XCTUnwrap(settled.last)
        let speed = (last.position - first.position) / (last.time - first.time)
        XCTAssertEqual(speed, 90, accuracy: 0.5, "px/s over \(settled.count) frames")
        // Every step is the speed times the time between the frames' presentation times, to the
        // sub-pixel grid (an eighth of a pixel): nothing jumps, nothing stalls.
        var worst = 0.0
        for (a, b) in zip(settled, settled.dropFirst()) {
            worst = max(worst, abs((b.position - a.position) - 90 * (b.time - a.time)))
        }
        XCTAssertLessThanOrEqual(worst, 1.0 / Double(SubpixelGrid.steps) + 1e-9, "worst step error \(worst) px")
        withExtendedLifetime((display, ticker)) {}
    }

    /// Two lanes on one bar, headlines at 120 px/s to the left over markets at 60 px/s to the
    /// right: each lane's every frame, read from what the driver handed the real backend, steps
    /// its own speed × the time between frames (RMS and worst), from one frame callback.
    func testTwoLanesStepEachAtItsOwnSpeed() throws {
        let loop = EventLoop()
        let display = try WaylandDisplay(name: sway.waylandDisplay)
        let font = try FontSet.open(patterns: ["DejaVu Sans:pixelsize=16"]).0
        let styles = [(120.0, ScrollDirection.left), (60.0, .right)].map { speed, direction in
            TickerStyle(foreground: white, background: navy, speed: speed, direction: direction, layout: LayoutSettings(separator: "   "))
        }
        let backend = try WaylandBackend(display: display, placement: .bar(edge: .top, layer: .top, monitor: .primary), height: 64,
                                         lanes: styles.map { LaneDrawing(font: font, look: $0.look, height: 32) }, loop: loop)
        let recorder = RecordingBackend(backend, now: MonotonicClock.now)
        var frames: [[(position: Double, time: Double)]] = [[], []]
        recorder.onLaneFrame = { lane, frame in
            frames[lane].append((Double(frame.position) + Double(frame.phase) / Double(SubpixelGrid.steps), frame.time))
        }
        let ticker = try Ticker(backend: recorder, lanes: styles.map { LaneSetup(style: $0, shaper: font) }, loop: loop)
        ticker.update(lane: 0) { player, _ in player.setMessages([MessageGroup(source: "", messages: [Message("Markets rally as tech stocks climb")])]) }
        ticker.update(lane: 1) { player, _ in player.setMessages([MessageGroup(source: "", messages: [Message("Brent slips below seventy")])]) }
        run(loop, for: 2.5)
        for (lane, speed) in [(0, 120.0), (1, -60.0)] {
            let settled = Array(frames[lane].dropFirst(30))
            XCTAssertGreaterThan(settled.count, 80, "lane \(lane + 1): frames")
            let errors = zip(settled, settled.dropFirst()).map { a, b in (b.position - a.position) - speed * (b.time - a.time) }
            let rms = (errors.reduce(0) { $0 + $1 * $1 } / Double(max(1, errors.count))).squareRoot()
            print("lanes on sway: lane \(lane + 1) at \(abs(speed)) px/s, \(settled.count) frames, RMS \(rms) px, worst \(errors.map(abs).max() ?? 0) px")
            XCTAssertLessThanOrEqual(rms, 0.10, "lane \(lane + 1): RMS of each frame's step off its speed")
            XCTAssertLessThanOrEqual(errors.map(abs).max() ?? 1, 1.0 / Double(SubpixelGrid.steps) + 1e-9, "lane \(lane + 1): worst step")
        }
        XCTAssertEqual(frames[0].count, frames[1].count, accuracy: 2, "both lanes in every frame")
        withExtendedLifetime((display, ticker)) {}
    }
}
