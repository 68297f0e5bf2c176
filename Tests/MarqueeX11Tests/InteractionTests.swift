import CX11
import Foundation
import XCTest

/// Pointer, wheel, keys and `xmarquee ctl`, driven through XTest (xdotool) against the real
/// executable under Xvfb; the motion is read back from the pixels.
final class InteractionTests: XCTestCase {
    nonisolated(unsafe) static var server: XvfbServer!
    override class func setUp() { server = try! XvfbServer(width: 1000, height: 200) }
    override class func tearDown() { server.stop(); server = nil }

    private func launch(_ arguments: [String]) throws -> (TickerProcess, XProbe, Window) {
        let ticker = try TickerProcess(["--geometry", "700x40+0+0", "--font", "DejaVu Sans:size=14"] + arguments,
                                       display: Self.server.display)
        let probe = try XProbe(Self.server.display)
        var window: Window?
        waitUntil(timeout: 10) {
            window = probe.window(ofProcess: ticker.pid)
            return window != nil
        }
        guard let window else { throw TestSupportError("no window; stderr: \(ticker.standardError)") }
        Thread.sleep(forTimeInterval: 0.3)
        return (ticker, probe, window)
    }

    private func xdotool(_ arguments: String...) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/xdotool")
        process.arguments = arguments
        process.environment = ["DISPLAY": Self.server.display]
        try? process.run()
        process.waitUntilExit()
    }

    private func ctl(_ arguments: [String]) throws -> (status: Int32?, errors: String) {
        let control = try TickerProcess(["ctl"] + arguments, display: Self.server.display)
        let status = control.waitForExit(timeout: 5)
        return (status, control.standardError)
    }

    /// Share of columns of `later` equal to `earlier`'s columns `shift` pixels to the right.
    private func match(_ earlier: WindowPixels, _ later: WindowPixels, shift: Int) -> Double {
        let range = max(0, -shift)..<min(earlier.width, earlier.width - shift)
        let equal = range.filter { later.column($0) == earlier.column($0 + shift) }.count
        return Double(equal) / Double(range.count)
    }

    private func isStill(_ probe: XProbe, _ window: Window) -> Bool {
        let first = probe.capture(window)
        Thread.sleep(forTimeInterval: 0.25)
        return probe.capture(window) == first
    }

    func testDraggingMovesTheTextWithThePointerExactly() throws {
        let (ticker, probe, window) = try launch(["Drag me along, drag me back: every pixel follows the pointer"])
        defer { ticker.stop() }
        xdotool("mousemove", "350", "20")
        xdotool("mousedown", "1")
        Thread.sleep(forTimeInterval: 0.2)
        let held = try XCTUnwrap(probe.capture(window))
        XCTAssertTrue(isStill(probe, window), "pressed: the text stops under the pointer")
        xdotool("mousemove", "250", "20")
        Thread.sleep(forTimeInterval: 0.2)
        let left = try XCTUnwrap(probe.capture(window))
        XCTAssertGreaterThan(match(held, left, shift: 100), 0.99, "100 px left with the pointer")
        xdotool("mousemove", "420", "20")
        Thread.sleep(forTimeInterval: 0.2)
        let right = try XCTUnwrap(probe.capture(window))
        XCTAssertGreaterThan(match(held, right, shift: -70), 0.99, "and back, 70 px right of where it was held")
        xdotool("mouseup", "1")
        Thread.sleep(forTimeInterval: 1.3)
        XCTAssertFalse(isStill(probe, window), "released: moving again")
    }

    func testHoveringPausesWhenAskedAndLeavingResumes() throws {
        xdotool("mousemove", "900", "150")
        let (ticker, probe, window) = try launch(["--pause-on-hover", "Hover to pause this ticker"])
        defer { ticker.stop() }
        XCTAssertFalse(isStill(probe, window))
        xdotool("mousemove", "300", "20")
        Thread.sleep(forTimeInterval: 0.6)
        XCTAssertTrue(isStill(probe, window), "eased to a stop under the pointer")
        XCTAssertEqual(ticker.contextSwitches, ticker.contextSwitches)
        xdotool("mousemove", "900", "150")
        Thread.sleep(forTimeInterval: 0.6)
        XCTAssertFalse(isStill(probe, window), "moving again once the pointer left")
    }

    func testSpacePausesAndResumesAndClicksToo() throws {
        let (ticker, probe, window) = try launch(["--click-to-pause", "Keys and clicks pause this ticker"])
        defer { ticker.stop() }
        xdotool("mousemove", "300", "20")
        xdotool("key", "space")
        Thread.sleep(forTimeInterval: 0.6)
        XCTAssertTrue(isStill(probe, window), "space pauses")
        xdotool("key", "space")
        Thread.sleep(forTimeInterval: 0.6)
        XCTAssertFalse(isStill(probe, window), "space resumes")
        xdotool("click", "1")
        Thread.sleep(forTimeInterval: 0.6)
        XCTAssertTrue(isStill(probe, window), "a click pauses")
        xdotool("click", "1")
        Thread.sleep(forTimeInterval: 0.6)
        XCTAssertFalse(isStill(probe, window), "a click resumes")
    }

    func testTheWheelScrubsByAWholeStep() throws {
        let (ticker, probe, window) = try launch(["--speed", "0", "Scrub this standing text with the wheel, notch by notch"])
        defer { ticker.stop() }
        xdotool("mousemove", "300", "20")
        let before = try XCTUnwrap(probe.capture(window))
        xdotool("click", "5")
        Thread.sleep(forTimeInterval: 0.5)
        let after = try XCTUnwrap(probe.capture(window))
        XCTAssertGreaterThan(match(before, after, shift: 48), 0.99, "one notch: 48 px, eased in")
        XCTAssertTrue(isStill(probe, window), "and still again")
    }

    func testControlRequestsSteerARunningInstance() throws {
        let (ticker, probe, window) = try launch(["--name", "steered", "Steered from outside"])
        defer { ticker.stop() }
        XCTAssertEqual(try ctl(["--name", "steered", "pause"]).status, 0)
        Thread.sleep(forTimeInterval: 0.6)
        XCTAssertTrue(isStill(probe, window))
        XCTAssertEqual(try ctl(["--name", "steered", "resume"]).status, 0)
        Thread.sleep(forTimeInterval: 0.6)
        XCTAssertFalse(isStill(probe, window))
        let bad = try ctl(["--name", "steered", "jump"])
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.errors.contains("unknown request"), bad.errors)
        XCTAssertEqual(try ctl(["--name", "steered", "say", "Breaking news"]).status, 0)
        XCTAssertEqual(try ctl(["--name", "nobody-here", "pause"]).status, 6)
        XCTAssertTrue(ticker.process.isRunning)
        XCTAssertEqual(ticker.standardError, "")
    }
}
