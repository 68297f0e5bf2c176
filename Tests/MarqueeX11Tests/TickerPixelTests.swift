import CX11
import Foundation
import MarqueeCore
import MarqueeIO
@testable import MarqueeX11
import XCTest

/// The ticker in this process, driven frame by frame through its real loop on Xvfb: what it
/// draws is compared with what the model says, pixel for pixel.
final class TickerPixelTests: XCTestCase {
    nonisolated(unsafe) static var server: XvfbServer!
    static let foreground = RGBAColor(hex: "#f0f0f0")!
    static let background = RGBAColor(hex: "#202020")!
    static let separator = "   •   "

    override class func setUp() { server = try! XvfbServer(width: 1600, height: 200) }
    override class func tearDown() { server.stop(); server = nil }

    private struct Rig {
        let connection: XConnection
        let font: FontFace
        let loop: EventLoop
        let window: TickerWindow
        let ticker: Ticker
    }

    private func makeRig(_ messages: [String], speed: Double = 120, direction: ScrollDirection = .left,
                         width: Int = 700, allowPresent: Bool = true) throws -> Rig {
        let connection = try XConnection(name: Self.server.display)
        let (font, _) = try FontFace.open(pattern: "DejaVu Sans:size=14", on: connection)
        let loop = EventLoop()
        let window = TickerWindow(connection: connection, width: width, height: 36, position: (0, 0), title: "test")
        let style = TickerStyle(foreground: Self.foreground, background: Self.background, speed: speed,
                                direction: direction, separator: Self.separator)
        let ticker = Ticker(connection: connection, window: window, font: font, style: style, loop: loop, allowPresent: allowPresent)
        ticker.setMessages(messages)
        ticker.show()
        return Rig(connection: connection, font: font, loop: loop, window: window, ticker: ticker)
    }

    /// Runs the loop until `count` more frames have been composed; returns (position, time) of each.
    @discardableResult
    private func runFrames(_ rig: Rig, _ count: Int) -> [(position: Int, time: Double)] {
        var frames: [(position: Int, time: Double)] = []
        rig.ticker.onFrameDrawn = { position, time in
            frames.append((position, time))
            if frames.count >= count { rig.loop.stop(status: 0) }
        }
        let watchdog = FrameTimer()!
        watchdog.arm(at: MonotonicClock.now() + 10)
        rig.loop.watch(watchdog.fd) { _ in rig.loop.stop(status: 1) }
        let status = rig.loop.run()
        rig.loop.unwatch(watchdog.fd)
        XCTAssertEqual(status, 0, "frames did not come within 10 s")
        rig.loop.restart()
        // The last frame is queued for the next vblank: let it reach the window.
        rig.connection.flush()
        Thread.sleep(forTimeInterval: 0.06)
        rig.connection.sync()
        return frames
    }

    private func capture(_ rig: Rig) throws -> WindowPixels {
        try XCTUnwrap(WindowPixels.capture(rig.connection.display, window: rig.window.id))
    }

    /// One cycle drawn by Xft's own string drawing (not our tiles), as the independent reference.
    private func referenceCycle(_ rig: Rig, _ messages: [String]) throws -> (WindowPixels, CycleLayout) {
        let layout = CycleLayoutBuilder.layout(messages: messages, separator: Self.separator,
                                               cache: AdvanceCache(measurer: rig.font))
        let text = messages.map { $0 + Self.separator }.joined()
        let display = rig.connection.display
        let height = rig.window.height
        let pixmap = XCreatePixmap(display, rig.connection.root, UInt32(layout.width), UInt32(height), UInt32(rig.connection.depth))
        defer { XFreePixmap(display, pixmap) }
        let draw = XftDrawCreate(display, pixmap, rig.connection.visual, rig.connection.colormap)
        defer { XftDrawDestroy(draw) }
        var background = XftColor(), foreground = XftColor()
        var backgroundRender = XRenderColor(red: Self.background.red, green: Self.background.green, blue: Self.background.blue, alpha: 0xFFFF)
        var foregroundRender = XRenderColor(red: Self.foreground.red, green: Self.foreground.green, blue: Self.foreground.blue, alpha: 0xFFFF)
        XftColorAllocValue(display, rig.connection.visual, rig.connection.colormap, &backgroundRender, &background)
        XftColorAllocValue(display, rig.connection.visual, rig.connection.colormap, &foregroundRender, &foreground)
        XftDrawRect(draw, &background, 0, 0, UInt32(layout.width), UInt32(height))
        let baseline = (height - rig.font.height) / 2 + rig.font.ascent
        let bytes = Array(text.utf8)
        XftDrawStringUtf8(draw, &foreground, rig.font.font, 0, Int32(baseline), bytes, Int32(bytes.count))
        rig.connection.sync()
        return (try XCTUnwrap(WindowPixels.capture(display, pixmap, width: layout.width, height: height)), layout)
    }

    /// The shift (in -3...3) at which the window's columns best match the reference cycle read at
    /// the model's position, and the share of columns that match exactly there.
    private func bestShift(window: WindowPixels, reference: WindowPixels, position: Int) -> (shift: Int, matched: Double) {
        var best = (shift: 99, matched: -1.0)
        for shift in -3...3 {
            var equal = 0
            for x in 0..<window.width {
                let cycleX = StripGeometry.floorMod(position + x + shift, reference.width)
                if window.column(x) == reference.column(cycleX) { equal += 1 }
            }
            let matched = Double(equal) / Double(window.width)
            if matched > best.matched { best = (shift, matched) }
        }
        return best
    }

    func testPixelsSitWhereTheModelSaysForBothDirections() throws {
        for direction in ScrollDirection.allCases {
            let messages = ["Markets rally as tech stocks climb", "Wide W, thin i"]
            let rig = try makeRig(messages, direction: direction)
            runFrames(rig, 40)
            let (reference, layout) = try referenceCycle(rig, messages)
            XCTAssertEqual(reference.width, layout.width)
            let window = try capture(rig)
            let match = bestShift(window: window, reference: reference, position: rig.ticker.shownPosition)
            XCTAssertEqual(match.shift, 0, "\(direction): pixels are off the model by \(match.shift) px")
            XCTAssertGreaterThan(match.matched, 0.99, "\(direction)")
            XCTAssertNotEqual(rig.ticker.shownPosition, 0, "\(direction): it moved")
            if direction == .left { XCTAssertGreaterThan(rig.ticker.shownPosition, 0) } else { XCTAssertLessThan(rig.ticker.shownPosition, 0) }
        }
    }

    func testEveryFrameMovesTwoPixelsAt120PixelsPerSecond() throws {
        let rig = try makeRig(["Every frame the same step"], speed: 120)
        XCTAssertTrue(rig.ticker.usesPresent)
        let frames = runFrames(rig, 240)
        // The pacer may refine its period from the measured vblank rate mid-run (by well under 1 %).
        let period = rig.ticker.refreshPeriod
        var singleSteps = 0
        for (previous, current) in zip(frames, frames.dropFirst()) {
            let elapsedFrames = ((current.time - previous.time) / period).rounded()
            XCTAssertEqual(current.time - previous.time, elapsedFrames * period, accuracy: period * 0.005,
                           "frame times sit on the vblank grid")
            XCTAssertEqual(current.position - previous.position, 2 * Int(elapsedFrames), "the step follows time, not frame count")
            if elapsedFrames == 1 { singleSteps += 1 }
        }
        XCTAssertGreaterThan(singleSteps, 220, "nearly every vblank got a frame")
    }

    func testTheTimerFallbackPacesFramesWithoutPresent() throws {
        let rig = try makeRig(["No Present here"], speed: 120, allowPresent: false)
        XCTAssertFalse(rig.ticker.usesPresent)
        let frames = runFrames(rig, 60)
        for (previous, current) in zip(frames, frames.dropFirst()) {
            let elapsedFrames = Int(((current.time - previous.time) / rig.ticker.refreshPeriod).rounded())
            XCTAssertEqual(current.position - previous.position, 2 * elapsedFrames)
        }
        let (reference, _) = try referenceCycle(rig, ["No Present here"])
        let match = bestShift(window: try capture(rig), reference: reference, position: rig.ticker.shownPosition)
        XCTAssertEqual(match.shift, 0)
    }

    /// New text arrives while scrolling: every pixel already on screen stays exactly where the
    /// motion puts it, and the motion goes on at the same step.
    func testChangingTheTextMovesNothingOnScreen() throws {
        let rig = try makeRig(["The old headline", "and another one"], speed: 120)
        let before = runFrames(rig, 30)
        let first = try capture(rig)
        let firstPosition = rig.ticker.shownPosition
        rig.ticker.setMessages(["Completely different news now"])
        let after = runFrames(rig, 20)
        let second = try capture(rig)
        let shift = rig.ticker.shownPosition - firstPosition
        XCTAssertGreaterThan(shift, 0)
        XCTAssertLessThan(shift, first.width)
        for x in 0..<(first.width - shift) {
            XCTAssertEqual(second.column(x), first.column(x + shift), "column \(x) changed")
        }
        let steps = zip([before.last!] + after, after).map { $1.position - $0.position }
        for (step, pair) in zip(steps, zip([before.last!] + after, after)) {
            let frames = Int(((pair.1.time - pair.0.time) / rig.ticker.refreshPeriod).rounded())
            XCTAssertEqual(step, 2 * frames)
        }
    }

    func testStandingTextDrawsOnlyWhenAsked() throws {
        let rig = try makeRig(["Standing still"], speed: 0)
        let stopper = FrameTimer()!
        stopper.arm(at: MonotonicClock.now() + 1.0)
        rig.loop.watch(stopper.fd) { _ in rig.loop.stop(status: 0) }
        _ = rig.loop.run()
        XCTAssertLessThanOrEqual(rig.ticker.framesDrawn, 3, "only the map and its exposure draw")
        XCTAssertEqual(rig.ticker.shownPosition, 0)
        let (reference, _) = try referenceCycle(rig, ["Standing still"])
        XCTAssertEqual(bestShift(window: try capture(rig), reference: reference, position: 0).shift, 0)
    }
}
