import CX11
import Foundation
import XCTest
@testable import DisplayTestSupport

/// Pointer, wheel, keys and `xmarquee ctl`, driven through XTest (xdotool) against the real
/// executable under Xvfb; the motion is read back from the pixels.
final class InteractionTests: XvfbTestCase {
    override class var screen: (width: Int, height: Int) { (1000, 200) }

    private func launch(_ arguments: [String]) throws -> (TickerProcess, XProbe, Window) {
        try TickerProcess.launchWithWindow(["--geometry", "700x40+0+0", "--font", "DejaVu Sans:size=14"] + arguments,
                                           display: Self.server.display)
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

    private func isStill(_ probe: XProbe, _ window: Window) -> Bool { probe.isStill(window) }

    func testDraggingMovesTheTextWithThePointerExactly() throws {
        let (ticker, probe, window) = try launch(["Drag me along, drag me back: every pixel follows the pointer"])
        defer { ticker.stop() }
        xdotool("mousemove", "350", "20")
        xdotool("mousedown", "1")
        XCTAssertTrue(waitUntil(timeout: 3) { isStill(probe, window) }, "pressed: the text stops under the pointer")
        XCTAssertTrue(ticker.waitUntilIdle(), "held with the pointer standing: no frames, no wake-ups")
        let held = try XCTUnwrap(probe.capture(window))
        func follows(by shift: Int) -> Bool { probe.capture(window).map { match(held, $0, shift: shift) > 0.99 } ?? false }
        xdotool("mousemove", "250", "20")
        XCTAssertTrue(waitUntil(timeout: 3) { follows(by: 100) }, "100 px left with the pointer")
        XCTAssertTrue(ticker.waitUntilIdle(), "and none again once the pointer stands")
        xdotool("mousemove", "420", "20")
        XCTAssertTrue(waitUntil(timeout: 3) { follows(by: -70) }, "and back, 70 px right of where it was held")
        xdotool("mouseup", "1")
        XCTAssertTrue(waitUntil(timeout: 3) { !isStill(probe, window) }, "released: moving again")
    }

    /// A press on moving text holds it where it is shown: still from the next vblank or the one
    /// after, and never a step back (the frames already queued are not undone by the hold).
    /// Read from the pixels as fast as they can be read, from before the press to well after.
    func testAPressHoldsTheTextWithinTwoVblanksWithNoStepBack() throws {
        let (ticker, probe, window) = try launch(["--speed", "120", "Press me while I move: I stop where I am shown, never behind"])
        defer { ticker.stop() }
        xdotool("mousemove", "350", "20")
        XCTAssertTrue(waitUntil(timeout: 3) { !isStill(probe, window) }, "moving before the press")
        let press = Process()
        press.executableURL = URL(fileURLWithPath: "/usr/bin/xdotool")
        press.arguments = ["mousedown", "1"]
        press.environment = ["DISPLAY": Self.server.display]
        var captures: [(time: Date, pixels: WindowPixels)] = []
        var pressed: Date?
        let start = Date()
        try press.run()
        while Date().timeIntervalSince(start) < 0.6 {
            if let pixels = probe.capture(window) { captures.append((Date(), pixels)) }
            if pressed == nil && !press.isRunning { pressed = Date() }
        }
        defer { xdotool("mouseup", "1") }
        let sent = try XCTUnwrap(pressed, "xdotool did not finish")
        let held = try XCTUnwrap(captures.last?.pixels)
        // How far each capture's text still had to go to where it was held (2 px a vblank).
        let remaining = captures.map { capture in (0...40).first { match(capture.pixels, held, shift: $0) > 0.99 } }
        XCTAssertFalse(remaining.contains(nil), "every frame on the way to the hold, none past it: \(remaining)")
        let steps = remaining.compactMap { $0 }
        XCTAssertEqual(steps, steps.sorted(by: >), "never a step back: \(steps)")
        let heldSince = try XCTUnwrap(captures.indices.first { remaining[$0] == 0 })
        let period = 1.0 / 60
        XCTAssertLessThanOrEqual(captures[heldSince].time.timeIntervalSince(sent), 2 * period + 0.01,
                                 "held within two vblanks of the press")
    }

    func testHoveringPausesWhenAskedAndLeavingResumes() throws {
        xdotool("mousemove", "900", "150")
        let (ticker, probe, window) = try launch(["--pause-on-hover", "Hover to pause this ticker"])
        defer { ticker.stop() }
        XCTAssertFalse(isStill(probe, window))
        xdotool("mousemove", "300", "20")
        XCTAssertTrue(waitUntil(timeout: 3) { isStill(probe, window) }, "eased to a stop under the pointer")
        XCTAssertTrue(ticker.waitUntilIdle(), "paused: no more wakeups while the pointer stays")
        xdotool("mousemove", "900", "150")
        XCTAssertTrue(waitUntil(timeout: 3) { !isStill(probe, window) }, "moving again once the pointer left")
    }

    func testSpacePausesAndResumesAndClicksToo() throws {
        let (ticker, probe, window) = try launch(["--click-to-pause", "Keys and clicks pause this ticker"])
        defer { ticker.stop() }
        xdotool("mousemove", "300", "20")
        xdotool("key", "space")
        XCTAssertTrue(waitUntil(timeout: 3) { isStill(probe, window) }, "space pauses")
        xdotool("key", "space")
        XCTAssertTrue(waitUntil(timeout: 3) { !isStill(probe, window) }, "space resumes")
        xdotool("click", "1")
        XCTAssertTrue(waitUntil(timeout: 3) { isStill(probe, window) }, "a click pauses")
        xdotool("click", "1")
        XCTAssertTrue(waitUntil(timeout: 3) { !isStill(probe, window) }, "a click resumes")
    }

    func testTheWheelScrubsByAWholeStep() throws {
        let (ticker, probe, window) = try launch(["--speed", "0", "Scrub this standing text with the wheel, notch by notch"])
        defer { ticker.stop() }
        xdotool("mousemove", "300", "20")
        let before = try XCTUnwrap(probe.capture(window))
        xdotool("click", "5")
        XCTAssertTrue(waitUntil(timeout: 3) { probe.capture(window) != before }, "the notch moves the text")
        XCTAssertTrue(waitUntil(timeout: 3) { isStill(probe, window) }, "and it stands again")
        let after = try XCTUnwrap(probe.capture(window))
        let best = (0...120).max { match(before, after, shift: $0) < match(before, after, shift: $1) } ?? -1
        XCTAssertEqual(best, 48, "one notch: 48 px, eased in (best match at \(best) px)")
        XCTAssertGreaterThan(match(before, after, shift: 48), 0.99)
    }

    func testControlRequestsSteerARunningInstance() throws {
        let (ticker, probe, window) = try launch(["--name", "steered", "Steered from outside"])
        defer { ticker.stop() }
        XCTAssertEqual(try ctl(["--name", "steered", "pause"]).status, 0)
        XCTAssertTrue(waitUntil(timeout: 3) { isStill(probe, window) })
        XCTAssertEqual(try ctl(["--name", "steered", "resume"]).status, 0)
        XCTAssertTrue(waitUntil(timeout: 3) { !isStill(probe, window) })
        let bad = try ctl(["--name", "steered", "jump"])
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.errors.contains("unknown request"), bad.errors)
        XCTAssertEqual(try ctl(["--name", "steered", "say", "Breaking news"]).status, 0)
        XCTAssertEqual(try ctl(["--name", "nobody-here", "pause"]).status, 6)
        XCTAssertTrue(ticker.process.isRunning)
        XCTAssertEqual(ticker.standardError, "")
    }

    /// A click on a feed item opens its link with xdg-open, as one argument, never via a shell.
    func testClickingALinkedMessageOpensItWithXdgOpen() throws {
        let link = "https://example.com/story?a=1&b=$(touch /tmp/pwned);c='x'"
        let opened = try openedByClicking(at: 30) { folder in
            let feed = folder + "/feed.rss"
            let escaped = link.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "'", with: "&apos;")
            try """
                <?xml version="1.0"?><rss version="2.0"><channel><title>T</title>
                <item><title>Click this headline</title><link>\(escaped)</link></item></channel></rss>
                """.write(toFile: feed, atomically: true, encoding: .utf8)
            return ["--feed", "file://" + feed]
        }
        XCTAssertEqual(opened, link + "\n", "exactly one argument, the link as it was")
        XCTAssertFalse(FileManager.default.fileExists(atPath: "/tmp/pwned"), "nothing reached a shell")
    }

    /// An inline `%{A:…:}` link in the user's own text opens the same way.
    func testClickingAnInlineLinkOpensIt() throws {
        let opened = try openedByClicking(at: 30) { _ in
            ["%{A:https://example.org/docs?q=1:}Documentation here%{A} and more"]
        }
        XCTAssertEqual(opened, "https://example.org/docs?q=1\n")
    }

    /// Starts the ticker with a recording `xdg-open` first on PATH, clicks at column `x` once the
    /// text shows, and returns what the opener was given, one argument per line.
    private func openedByClicking(at x: Int, arguments: (_ folder: String) throws -> [String]) throws -> String {
        let folder = NSTemporaryDirectory() + "xmarquee-link-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let opener = folder + "/xdg-open"
        // Written whole, then renamed: `opened` appears with all the arguments in it.
        try "#!/bin/sh\nfor a in \"$@\"; do printf '%s\\n' \"$a\"; done > \"\(folder)/part\"; mv \"\(folder)/part\" \"\(folder)/opened\"\n"
            .write(toFile: opener, atomically: true, encoding: .utf8)
        chmod(opener, 0o755)
        let path = folder + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let ticker = try TickerProcess(["--geometry", "700x40+0+0", "--speed", "0"] + (try arguments(folder)),
                                       display: Self.server.display, environment: ["PATH": path])
        defer { ticker.stop() }
        let probe = try XProbe(Self.server.display)
        var window: Window?
        XCTAssertTrue(waitUntil(timeout: 10) {
            window = probe.window(ofProcess: ticker.pid)
            guard let window, let pixels = probe.capture(window) else { return false }
            return pixels.inkProfile(background: (0x20, 0x20, 0x20)).prefix(60).contains { $0 > 0 }
        }, "the text appears; stderr: \(ticker.standardError)")
        xdotool("mousemove", String(x), "20")
        xdotool("click", "1")
        XCTAssertTrue(waitUntil(timeout: 5) { FileManager.default.fileExists(atPath: folder + "/opened") })
        return try String(contentsOfFile: folder + "/opened", encoding: .utf8)
    }
}
