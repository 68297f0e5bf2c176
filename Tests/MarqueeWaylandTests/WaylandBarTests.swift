import Foundation
import XCTest
@testable import DisplayTestSupport

/// The real executable as a Wayland bar under headless sway, measured from outside: swaymsg for
/// the reserved zone, grim for the pixels, `xmarquee ctl` for the control socket.
final class WaylandBarTests: SwayTestCase {
    private func workspaceRect() throws -> [String: Any] {
        let workspaces = try XCTUnwrap(sway.query("get_workspaces") as? [[String: Any]])
        return try XCTUnwrap(workspaces.first?["rect"] as? [String: Any])
    }

    func testBarReservesItsHeightShowsMovingTextAndAnswersControl() throws {
        let name = "wl-bar-\(getpid())"
        let bar = try XMarqueeRun(["--name", name, "--bar", "top", "--height", "40", "--speed", "120", "--fg", "#ffffff",
                                   "--bg", "#000000", "Markets rally as tech stocks climb"], waylandDisplay: sway.waylandDisplay)
        XCTAssertTrue(waitFor(seconds: 10) { ((try? self.workspaceRect())?["y"] as? Int) == 40 },
                      "the workspace starts below the bar: \(String(describing: try? workspaceRect()))")
        XCTAssertEqual(try workspaceRect()["height"] as? Int, 680)

        var status: [String: Any] = [:]
        XCTAssertTrue(waitFor(seconds: 5) {
            status = XMarqueeRun.status(name) ?? [:]
            return (status["framesShown"] as? Int ?? 0) > 10
        }, "ctl status answers and frames are shown: \(status)")
        XCTAssertEqual(status["motion"] as? String, "scrolling")
        XCTAssertEqual(status["tearFree"] as? Bool, true)

        let first = try sway.screenshot()
        var second = first
        XCTAssertTrue(waitFor(seconds: 3) {
            second = (try? self.sway.screenshot()) ?? first
            return second.band(0..<40) != first.band(0..<40)
        }, "the text moves")
        // White text on black: the bar's rows have lit pixels, the rows below none of the bar's.
        let lit = (0..<first.width).filter { x in (0..<40).contains { y in first.pixel(x: x, y: y).red > 200 } }.count
        XCTAssertGreaterThan(lit, 200, "text drawn across the bar")
        XCTAssertEqual(first.band(40..<720), second.band(40..<720), "nothing below the bar changes")

        XCTAssertEqual(try XMarqueeRun.ctl(["--name", name, "quit"]).status, 0)
        XCTAssertEqual(bar.finish(within: 5)?.status, 0, "quits on ctl quit")
    }

    func testReducedMotionFromGTKSettings() throws {
        let home = sway.runtimeDirectory + "/config-home"
        try FileManager.default.createDirectory(atPath: home + "/gtk-3.0", withIntermediateDirectories: true)
        try "[Settings]\ngtk-enable-animations=false\n".write(toFile: home + "/gtk-3.0/settings.ini", atomically: true, encoding: .utf8)
        let name = "wl-gtk-\(getpid())"
        let bar = try XMarqueeRun(["--name", name, "--bar", "top", "First message", "Second message"],
                                  waylandDisplay: sway.waylandDisplay, environment: ["XDG_CONFIG_HOME": home])
        var status: [String: Any] = [:]
        XCTAssertTrue(waitFor(seconds: 10) {
            status = XMarqueeRun.status(name) ?? [:]
            return !status.isEmpty
        })
        XCTAssertEqual(status["motion"] as? String, "pages", "the desktop asked for no animations: \(status)")
        bar.stop()
    }

    func testWaylandBackendWithoutACompositorIsAClearError() throws {
        let run = try XMarqueeRun(["--name", "wl-none-\(getpid())", "--backend", "wayland", "--bar", "top", "text"],
                                  waylandDisplay: sway.runtimeDirectory + "/no-such-socket")
        let result = try XCTUnwrap(run.finish(within: 10))
        XCTAssertEqual(result.status, 3)
        XCTAssertTrue(result.errors.contains("Wayland compositor"), result.errors)
        XCTAssertEqual(result.errors.split(separator: "\n").count, 1, "one line: \(result.errors)")
    }

    func testAutoChoosesWaylandForABarWithoutX() throws {
        let name = "wl-auto-\(getpid())"
        let bar = try XMarqueeRun(["--name", name, "--bar", "bottom", "--height", "30", "text"], waylandDisplay: sway.waylandDisplay)
        XCTAssertTrue(waitFor(seconds: 10) { ((try? self.workspaceRect())?["height"] as? Int) == 690 })
        bar.stop()
    }
}

/// `--monitor` by connector name: the bar goes to its output when it appears (its removal:
/// `WaylandOutputRemovalTests`).
final class WaylandMonitorTests: SwayTestCase {
    func testBarFollowsItsNamedOutput() throws {
        let bar = try XMarqueeRun(["--name", "wl-monitor-\(getpid())", "--bar", "top", "--height", "40", "--monitor", "HEADLESS-2",
                                   "text"], waylandDisplay: sway.waylandDisplay)
        // Not there yet: the compositor's choice, the only output.
        XCTAssertTrue(waitFor(seconds: 10) { (try? self.sway.workspaceTops())?["HEADLESS-1"] == 40 }, "\(String(describing: try? sway.workspaceTops()))")
        try sway.message(["create_output"])
        XCTAssertTrue(waitFor(seconds: 10) {
            let tops = try? self.sway.workspaceTops()
            return tops?["HEADLESS-2"] == 40 && tops?["HEADLESS-1"] == 0
        }, "moved to HEADLESS-2 once it appeared: \(String(describing: try? sway.workspaceTops()))")
        XCTAssertTrue(bar.process.isRunning)
        bar.stop()
    }
}

/// weston has no layer-shell: a bar becomes a window there, and says why once.
final class WestonFallbackTests: XCTestCase {
    func testBarFallsBackToAWindowAndSaysWhyOnce() throws {
        if let reason = HeadlessWeston.unavailable { throw XCTSkip(reason) }
        let weston = try HeadlessWeston()
        defer { weston.stop() }
        let name = "wl-weston-\(getpid())"
        let run = try XMarqueeRun(["--name", name, "--bar", "top", "--height", "30", "text on weston"],
                                  waylandDisplay: weston.waylandDisplay)
        var status: [String: Any] = [:]
        XCTAssertTrue(waitFor(seconds: 10) {
            status = XMarqueeRun.status(name) ?? [:]
            return (status["framesShown"] as? Int ?? 0) > 10
        }, "the window shows frames: \(status)")
        // weston sends presentation feedback: the clock runs on it.
        XCTAssertEqual(status["present"] as? Bool, true)
        XCTAssertEqual(try XMarqueeRun.ctl(["--name", name, "quit"]).status, 0)
        let result = try XCTUnwrap(run.finish(within: 5))
        XCTAssertEqual(result.status, 0)
        let notes = result.errors.split(separator: "\n").filter { $0.contains("layer-shell") }
        XCTAssertEqual(notes.count, 1, "said once: \(result.errors)")
        XCTAssertTrue(notes.first?.contains("window") ?? false)
    }
}

/// HiDPI: on an output of scale 2 the bar reserves the same logical height and draws its text
/// twice as finely (a buffer of twice the pixels, the font at twice the size).
final class WaylandScaleTests: SwayTestCase {
    /// Rows of the bar's band where text is lit, in screenshot pixels.
    private func litRows(_ shot: Screenshot, bandHeight: Int) -> Int {
        (0..<bandHeight).filter { y in (0..<shot.width).contains { x in shot.pixel(x: x, y: y).red > 160 } }.count
    }

    private func run(scale: Int) throws -> (rows: Int, shot: Screenshot) {
        try sway.message(["output", "HEADLESS-1", "scale", String(scale)])
        let name = "wl-scale-\(scale)-\(getpid())"
        let bar = try XMarqueeRun(["--name", name, "--bar", "top", "--height", "40", "--fg", "#ffffff", "--bg", "#000000",
                                   "--speed", "0", "Hxgy Hxgy Hxgy"], waylandDisplay: sway.waylandDisplay)
        defer { bar.stop() }
        XCTAssertTrue(waitFor(seconds: 10) { (XMarqueeRun.status(name)?["framesShown"] as? Int ?? -1) >= 0 })
        XCTAssertTrue(waitFor(seconds: 5) {
            let workspaces = (try? self.sway.query("get_workspaces")) as? [[String: Any]]
            return ((workspaces?.first?["rect"] as? [String: Any])?["y"] as? Int) == 40
        }, "40 logical pixels reserved at scale \(scale)")
        // Laid out for this scale, and drawn: lit rows, and the same in two shots (no frame since).
        XCTAssertTrue(waitFor(seconds: 5) { (XMarqueeRun.status(name)?["dpi"] as? Double) == 96 * Double(scale) })
        var shot: Screenshot?
        XCTAssertTrue(waitFor(seconds: 5) {
            guard let first = try? self.sway.screenshot(), let again = try? self.sway.screenshot(),
                  first.rgb == again.rgb, self.litRows(first, bandHeight: 40 * scale) > 0 else { return false }
            shot = first
            return true
        }, "text drawn at scale \(scale)")
        let drawn = try XCTUnwrap(shot)
        return (litRows(drawn, bandHeight: 40 * scale), drawn)
    }

    func testScaleTwoDrawsTwiceAsFinely() throws {
        let single = try run(scale: 1)
        let double = try run(scale: 2)
        // The mode stays 1280 pixels wide; at scale 2 it is 640 logical pixels, the bar 80 rows.
        XCTAssertEqual(single.shot.width, 1280)
        XCTAssertEqual(double.shot.width, 1280)
        XCTAssertGreaterThan(single.rows, 8)
        XCTAssertEqual(Double(double.rows) / Double(single.rows), 2, accuracy: 0.25,
                       "text \(double.rows) rows tall at scale 2, \(single.rows) at scale 1")
    }
}

/// Window mode on Wayland: an xdg_toplevel the compositor manages like any window.
final class WaylandWindowTests: SwayTestCase {
    func testWindowIsAToplevelWithTheAppID() throws {
        let name = "wl-window-\(getpid())"
        let window = try XMarqueeRun(["--name", name, "--backend", "wayland", "text in a window"], waylandDisplay: sway.waylandDisplay)
        XCTAssertTrue(waitFor(seconds: 10) { (XMarqueeRun.status(name)?["framesShown"] as? Int ?? 0) > 10 }, "frames in the window")
        let tree = try sway.message(["-t", "get_tree"])
        XCTAssertTrue(tree.contains("\"app_id\": \"xmarquee\""), "sway manages a window with app id xmarquee")
        // Tiled: the compositor's size, and no zone reserved.
        let workspaces = try XCTUnwrap(sway.query("get_workspaces") as? [[String: Any]])
        XCTAssertEqual((workspaces.first?["rect"] as? [String: Any])?["y"] as? Int, 0)
        window.stop()
    }
}
