import Foundation
import XCTest
@testable import DisplayTestSupport

/// The pointer from outside: a virtual pointer gives the headless sway's seat a pointer, and the
/// bar answers it as the X11 window answers XTest — hover pauses, a drag carries the text, the
/// wheel scrubs (with Ctrl: the speed), a click on a link opens it with xdg-open. Read back from
/// `ctl status` and grim's pixels.
final class WaylandPointerTests: SwayTestCase {
    /// A 1280 × 40 bar at the top, white on black, and a pointer the bar has taken.
    private func barWithPointer(_ name: String, _ arguments: [String], environment: [String: String] = [:]) throws
        -> (XMarqueeRun, VirtualPointer) {
        let bar = try XMarqueeRun(["--name", name, "--bar", "top", "--height", "40", "--fg", "#ffffff", "--bg", "#000000"] + arguments,
                                  waylandDisplay: sway.waylandDisplay, environment: environment)
        // Standing text (--speed 0) shows no frames: wait for its pixels.
        XCTAssertTrue(waitFor(seconds: 10) {
            guard XMarqueeRun.status(name) != nil, let shot = try? self.shot() else { return false }
            return (0..<shot.width).contains { x in (0..<40).contains { y in shot.pixel(x: x, y: y).red > 200 } }
        }, "the bar shows its text")
        let pointer = try VirtualPointer(waylandDisplay: sway.waylandDisplay)
        // The bar takes a wl_pointer once the seat offers one: give it that moment before moving.
        XCTAssertTrue(waitFor(seconds: 3) { (try? self.sway.message(["-t", "get_seats"]))?.contains("\"pointer\"") == true },
                      "the seat has the virtual pointer")
        return (bar, pointer)
    }

    private func moveOnBar(_ pointer: VirtualPointer, x: Int) { pointer.move(toX: x, y: 20, width: 1280, height: 720) }

    private func shot() throws -> Screenshot { try sway.screenshot() }

    /// Share of the bar's columns in `later` equal to `earlier`'s `shift` pixels to the right,
    /// leaving out the columns the cursor may cover in either (grim's captures include it) when
    /// it stands at `pointer`.
    private func match(_ earlier: Screenshot, _ later: Screenshot, shift: Int, pointer: Int? = nil) -> Double {
        match(earlier.barColumns, later.barColumns, shift: shift, pointer: pointer)
    }

    private func match(_ earlier: [Int], _ later: [Int], shift: Int, pointer: Int?) -> Double {
        let cursor = pointer.map { ($0 - 16)..<($0 + 48) } ?? 0..<0
        let columns = (max(0, -shift)..<min(earlier.count, earlier.count - shift))
            .filter { !cursor.contains($0) && !cursor.contains($0 + shift) }
        let equal = columns.filter { later[$0] == earlier[$0 + shift] }
        return Double(equal.count) / Double(columns.count)
    }

    /// The shift in `shifts` at which `after`'s bar best matches `before`'s.
    private func bestShift(_ before: Screenshot, _ after: Screenshot, in shifts: ClosedRange<Int>, pointer: Int) -> Int {
        let (earlier, later) = (before.barColumns, after.barColumns)
        return shifts.max { match(earlier, later, shift: $0, pointer: pointer) < match(earlier, later, shift: $1, pointer: pointer) } ?? -1
    }

    /// The cursor as grim shows it with its hotspot at (`x`, `y`): each pixel of a 64 × 64 square
    /// from 16 px above and left of it that differs from `bare` (the same screen without the
    /// cursor on it), nil where it does not.
    private func cursorImage(in shot: Screenshot, bare: Screenshot, x: Int, y: Int) -> [[UInt8]?] {
        var pixels: [[UInt8]?] = []
        for row in (y - 16)..<(y + 48) {
            for column in (x - 16)..<(x + 48) {
                let (seen, without) = (shot.pixel(x: column, y: row), bare.pixel(x: column, y: row))
                pixels.append(seen == without ? nil : [seen.red, seen.green, seen.blue])
            }
        }
        return pixels
    }

    /// Whether the ticker shows no frame for 0.5 s (its `framesShown` stays), within 3 s.
    private func noFrames(_ name: String) -> Bool {
        waitFor(seconds: 3) {
            guard let before = XMarqueeRun.status(name)?["framesShown"] as? Int else { return false }
            Thread.sleep(forTimeInterval: 0.5)
            return XMarqueeRun.status(name)?["framesShown"] as? Int == before
        }
    }

    /// Whether the bar's rows stay as they are for 0.25 s, looked at all along.
    private func isStill() -> Bool {
        guard let first = try? shot() else { return false }
        return holds(for: 0.25) { (try? self.shot()).map { first.band(0..<40) == $0.band(0..<40) } ?? false }
    }

    /// A screenshot once the whole screen has stood still for 0.25 s: a pointer just moved is
    /// drawn where it went, in the shape the surface under it asked for, and an eased scrub has
    /// ended. Nil when it does not within 5 s.
    private func stillShot() -> Screenshot? {
        var still: Screenshot?
        _ = waitFor(seconds: 5) {
            guard let first = try? self.shot(), holds(for: 0.25, { (try? self.shot())?.rgb == first.rgb }) else { return false }
            still = first
            return true
        }
        return still
    }

    func testHoverPausesABarAndLeavingResumesIt() throws {
        let name = "wl-hover-\(getpid())"
        let (bar, pointer) = try barWithPointer(name, ["--speed", "60", "--pause-on-hover", "Markets rally as tech stocks climb"])
        defer { pointer.close(); bar.stop() }
        XCTAssertEqual(XMarqueeRun.status(name)?["paused"] as? Bool, false)
        moveOnBar(pointer, x: 300)
        XCTAssertTrue(waitFor(seconds: 3) { XMarqueeRun.status(name)?["paused"] as? Bool == true },
                      "hovering the bar pauses it: \(String(describing: XMarqueeRun.status(name)))")
        pointer.move(toX: 300, y: 400, width: 1280, height: 720)
        XCTAssertTrue(waitFor(seconds: 3) { XMarqueeRun.status(name)?["paused"] as? Bool == false },
                      "leaving the bar resumes it: \(String(describing: XMarqueeRun.status(name)))")
    }

    /// A seat that has its pointer before the bar starts (any desktop with a mouse) tells it once,
    /// right when the bar binds the seat: the bar must hear that, not only later changes.
    func testAPointerTheSeatHadBeforeTheBarStartedPausesItOnHover() throws {
        let pointer = try VirtualPointer(waylandDisplay: sway.waylandDisplay)
        defer { pointer.close() }
        XCTAssertTrue(waitFor(seconds: 3) { (try? self.sway.message(["-t", "get_seats"]))?.contains("\"pointer\"") == true },
                      "the seat has the virtual pointer")
        let name = "wl-early-\(getpid())"
        let bar = try XMarqueeRun(["--name", name, "--bar", "top", "--height", "40", "--speed", "60", "--pause-on-hover",
                                   "Markets rally as tech stocks climb"], waylandDisplay: sway.waylandDisplay)
        defer { bar.stop() }
        XCTAssertTrue(waitFor(seconds: 10) { XMarqueeRun.status(name)?["paused"] as? Bool == false }, "the bar scrolls")
        moveOnBar(pointer, x: 300)
        XCTAssertTrue(waitFor(seconds: 3) { XMarqueeRun.status(name)?["paused"] as? Bool == true },
                      "hovering the bar pauses it: \(String(describing: XMarqueeRun.status(name)))")
    }

    func testDraggingMovesTheTextWithThePointerExactly() throws {
        let name = "wl-drag-\(getpid())"
        let (bar, pointer) = try barWithPointer(name, ["Drag me along, drag me back: every pixel follows the pointer"])
        defer { pointer.close(); bar.stop() }
        moveOnBar(pointer, x: 350)
        XCTAssertFalse(isStill(), "moving before the press")
        pointer.leftButton(pressed: true)
        XCTAssertTrue(waitFor(seconds: 3) { self.isStill() }, "pressed: the text stops under the pointer")
        XCTAssertTrue(noFrames(name), "held with the pointer standing: no frames")
        let held = try shot()
        func follows(by shift: Int) -> Bool { (try? shot()).map { match(held, $0, shift: shift) > 0.99 } ?? false }
        moveOnBar(pointer, x: 250)
        XCTAssertTrue(waitFor(seconds: 3) { follows(by: 100) }, "100 px left with the pointer")
        XCTAssertTrue(noFrames(name), "and none again once the pointer stands")
        moveOnBar(pointer, x: 420)
        XCTAssertTrue(waitFor(seconds: 3) { follows(by: -70) }, "and back, 70 px right of where it was held")
        pointer.leftButton(pressed: false)
        XCTAssertTrue(waitFor(seconds: 3) { !self.isStill() }, "released: moving again")
    }

    /// Standing text scrolled by `scroll` with the pointer on the bar at x 300: how far it went
    /// (the best match of the bar before and once it stands again, up to `farthest` px), and
    /// how well that matched.
    private func scrubbed(_ name: String, farthest: Int, _ scroll: (VirtualPointer) -> Void) throws
        -> (shift: Int, match: Double) {
        let (bar, pointer) = try barWithPointer(name, ["--speed", "0", "Scrub this standing text with the wheel or the touchpad"])
        defer { pointer.close(); bar.stop() }
        moveOnBar(pointer, x: 300)
        let before = try XCTUnwrap(stillShot(), "the pointer on the standing bar")
        scroll(pointer)
        XCTAssertTrue(waitFor(seconds: 3) { (try? self.shot()).map { $0.band(0..<40) != before.band(0..<40) } ?? false },
                      "the text moves")
        let after = try XCTUnwrap(stillShot(), "and stands again")
        let best = bestShift(before, after, in: 0...farthest, pointer: 300)
        return (best, match(before, after, shift: best, pointer: 300))
    }

    func testAWheelNotchScrubsByAWholeStep() throws {
        let result = try scrubbed("wl-wheel-\(getpid())", farthest: 120) { $0.wheel(notches: 1) }
        XCTAssertEqual(result.shift, 48, "one notch down: 48 px forward, as X11's button 5 (best match at \(result.shift) px)")
        XCTAssertGreaterThan(result.match, 0.99)
    }

    /// A touchpad sends many small amounts and no notches: 30 units in 12 frames scrub three
    /// steps (10 units a step, as GTK and Qt count them), not twelve.
    func testFingerScrollingScrubsByTheDistanceNotTheEvents() throws {
        let result = try scrubbed("wl-finger-\(getpid())", farthest: 400) { $0.fingerScroll(distance: 30, steps: 12) }
        XCTAssertEqual(result.shift, 144, "three steps of 48 px (best match at \(result.shift) px)")
        XCTAssertGreaterThan(result.match, 0.99)
    }

    /// With Ctrl held (wtype's virtual keyboard; the bar has the keyboard focus, which it asks for
    /// from its first click: Wayland tells a surface the modifiers only with the focus) a notch changes the speed by one pixel a
    /// frame: up is faster, down slower, as on X11.
    func testControlWheelChangesTheSpeed() throws {
        if let reason = VirtualKeyboard.unavailable { throw XCTSkip(reason) }
        let name = "wl-ctrl-wheel-\(getpid())"
        let (bar, pointer) = try barWithPointer(name, ["--speed", "120", "Faster and slower with Ctrl and the wheel"])
        defer { pointer.close(); bar.stop() }
        try SwayUser.clickTwice(pointer, x: 300, y: 20)
        moveOnBar(pointer, x: 300)
        let speed = try XCTUnwrap(XMarqueeRun.status(name)?["speed"] as? Double)
        // Ctrl held for 2 s after a 1 s wait (the bar sees the keyboard arrive and gets its keymap).
        let holder = try VirtualKeyboard.hold(modifier: "ctrl", after: 1, for: 2, in: sway)
        defer { holder.waitUntilExit() }
        // A notch at a time until one comes with Ctrl down (one without scrubs the text and leaves
        // the speed), each given time to show in the status before the next.
        XCTAssertTrue(waitFor(seconds: 3) {
            pointer.wheel(notches: -1)
            return waitFor(seconds: 0.5) { (XMarqueeRun.status(name)?["speed"] as? Double ?? speed) > speed + 1 }
        }, "Ctrl + wheel up is faster: \(speed) → \(String(describing: XMarqueeRun.status(name)?["speed"]))")
        // The rate as the bar measures it now: its first estimates, just after it starts, can be
        // off by a tenth.
        let report = try XCTUnwrap(XMarqueeRun.status(name))
        let faster = try XCTUnwrap(report["speed"] as? Double), rate = try XCTUnwrap(report["refreshRate"] as? Double)
        XCTAssertEqual(faster - speed, rate, accuracy: rate * 0.1, "one pixel a frame more")
    }

    /// Over a link the pointer is a hand, elsewhere the theme's arrow: its shape read from grim's
    /// captures, which show the cursor, against one with the cursor off the bar. The hotspot
    /// stands on the bar's bottom row, above the desktop's plain grey, where no glyph reaches.
    /// Overflow mode: the line fits, so it stands once at the left, with no copy at x 600.
    func testTheCursorIsAHandOverALink() throws {
        let (bar, pointer) = try barWithPointer("wl-cursor-\(getpid())", ["--speed", "0", "--mode", "overflow", "--font", "DejaVu Sans:size=12",
                                                                         "%{A:https://example.org/:}Linked words here%{A}   and plain words after it"])
        defer { pointer.close(); bar.stop() }
        pointer.move(toX: 640, y: 400, width: 1280, height: 720)
        let bare = try XCTUnwrap(stillShot(), "the pointer off the bar")
        /// The cursor at `x` once it shows there and stands (in the shape the bar set).
        func cursor(atX x: Int) throws -> [[UInt8]?] {
            pointer.move(toX: x, y: 39, width: 1280, height: 720)
            var image: [[UInt8]?] = []
            XCTAssertTrue(waitFor(seconds: 10) {
                guard let shot = self.stillShot() else { return false }
                image = self.cursorImage(in: shot, bare: bare, x: x, y: 39)
                return image.compactMap { $0 }.count > 20
            }, "the cursor shows at x \(x)")
            return image
        }
        let arrow = try cursor(atX: 600)
        let hand = try cursor(atX: 40)
        let arrowAgain = try cursor(atX: 600)
        XCTAssertGreaterThan(arrow.compactMap { $0 }.count, 20, "the cursor shows in the capture")
        XCTAssertGreaterThan(hand.compactMap { $0 }.count, 20, "the cursor shows in the capture")
        XCTAssertTrue(hand != arrow, "another shape over the link")
        XCTAssertTrue(arrowAgain == arrow, "the arrow again off the link")
    }

    /// A click on an inline link opens it with xdg-open, one argument (a recording xdg-open is
    /// first on PATH), as on X11.
    func testClickingALinkOpensItWithXdgOpen() throws {
        let folder = NSTemporaryDirectory() + "xmarquee-wl-link-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // Written whole, then renamed: `opened` appears with all the arguments in it.
        try "#!/bin/sh\nfor a in \"$@\"; do printf '%s\\n' \"$a\"; done > \"\(folder)/part\"; mv \"\(folder)/part\" \"\(folder)/opened\"\n"
            .write(toFile: folder + "/xdg-open", atomically: true, encoding: .utf8)
        chmod(folder + "/xdg-open", 0o755)
        let path = folder + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let link = "https://example.org/docs?q=1&b=$(touch /tmp/pwned-wl);c='x'"
        let (bar, pointer) = try barWithPointer("wl-link-\(getpid())", ["--speed", "0", "%{A:\(link):}Documentation here%{A} and more"],
                                                environment: ["PATH": path])
        defer { pointer.close(); bar.stop() }
        moveOnBar(pointer, x: 30)
        pointer.leftButton(pressed: true)
        pointer.leftButton(pressed: false)
        XCTAssertTrue(waitFor(seconds: 5) { FileManager.default.fileExists(atPath: folder + "/opened") }, "xdg-open ran")
        XCTAssertEqual(try String(contentsOfFile: folder + "/opened", encoding: .utf8), link + "\n", "exactly one argument, the link as it was")
        XCTAssertFalse(FileManager.default.fileExists(atPath: "/tmp/pwned-wl"), "nothing reached a shell")
    }
}
