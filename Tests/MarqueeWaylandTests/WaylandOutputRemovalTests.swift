import Foundation
import XCTest
@testable import DisplayTestSupport

/// A bar whose output goes away moves to another and keeps running; a bar for the second output
/// comes back when a second output appears again. Outputs are removed for real in a sway nested
/// in the test's headless sway (see `HeadlessSway(nestedIn:)` for why not in headless sway 1.7).
final class WaylandOutputRemovalTests: SwayTestCase {
    private var nested: HeadlessSway!

    override func setUpWithError() throws {
        try super.setUpWithError()
        nested = try HeadlessSway(nestedIn: sway)
    }

    override func tearDown() {
        nested?.stop()
        nested = nil
        super.tearDown()
    }

    private func tops() -> String { String(describing: try? nested.workspaceTops()) }

    /// White on black: columns of the output's top 40 rows with lit pixels, and whether the row
    /// below the bar has none (the bar is 40 high, nothing else is white).
    private func barText(on output: String) throws -> (litColumns: Int, belowIsDark: Bool) {
        let shot = try nested.screenshot(output: output)
        let lit = (0..<shot.width).filter { x in (0..<40).contains { y in shot.pixel(x: x, y: y).red > 200 } }.count
        let below = (0..<shot.width).allSatisfy { x in shot.pixel(x: x, y: 41).red < 200 }
        return (lit, below)
    }

    private func framesShown(_ name: String) -> Int { XMarqueeRun.status(name)?["framesShown"] as? Int ?? -1 }

    func testBarOnARemovedOutputMovesToTheOtherAndKeepsRunning() throws { try barMovesWhenItsOutputGoes(lanes: false) }

    /// The same with two lanes (each on a subsurface of the bar's, made again on the new output).
    func testATwoLaneBarOnARemovedOutputMovesToTheOtherAndKeepsRunning() throws { try barMovesWhenItsOutputGoes(lanes: true) }

    private func barMovesWhenItsOutputGoes(lanes: Bool) throws {
        let name = "wl-unplug-\(getpid())"
        let secondLane = lanes ? ["--lane", "--fg", "#ffffff", "--bg", "#000000", "--speed", "60", "Oil slips below seventy dollars"] : []
        let bar = try XMarqueeRun(["--name", name, "--bar", "top", "--height", "40", "--monitor", "WL-2", "--fg", "#ffffff",
                                   "--bg", "#000000", "--speed", "120", "Markets rally as tech stocks climb"] + secondLane,
                                  waylandDisplay: nested.waylandDisplay)
        defer { bar.stop() }
        XCTAssertTrue(waitFor(seconds: 10) { (try? self.nested.workspaceTops())?["WL-1"] == 40 }, "on WL-1 while WL-2 is missing: \(tops())")
        try nested.message(["create_output"])
        XCTAssertTrue(waitFor(seconds: 10) {
            let tops = try? self.nested.workspaceTops()
            return tops?["WL-2"] == 40 && tops?["WL-1"] == 0
        }, "on WL-2 once it appeared: \(tops())")
        XCTAssertTrue(waitFor(seconds: 5) { (try? self.barText(on: "WL-2"))?.litColumns ?? 0 > 100 }, "text drawn on WL-2")

        try sway.closeNestedOutput("WL-2")
        XCTAssertTrue(waitFor(seconds: 10) { (try? self.nested.outputNames()) == ["WL-1"] }, "WL-2 removed")
        XCTAssertTrue(waitFor(seconds: 10) { (try? self.nested.workspaceTops())?["WL-1"] == 40 },
                      "the bar's zone reserved on WL-1 again: \(tops())")
        XCTAssertTrue(bar.process.isRunning, "still running after its output went")
        let before = framesShown(name)
        XCTAssertGreaterThan(before, 0, "ctl status answers")
        XCTAssertTrue(waitFor(seconds: 5) { self.framesShown(name) > before + 20 }, "frames go on: \(before) → \(framesShown(name))")
        let text = try barText(on: "WL-1")
        XCTAssertGreaterThan(text.litColumns, 200, "text drawn across the bar on WL-1")
        XCTAssertTrue(text.belowIsDark, "only the bar's 40 rows")
        let first = try nested.screenshot(output: "WL-1")
        // A Bool, not XCTAssertNotEqual: a failure would print both bands' 150 000 bytes.
        XCTAssertTrue(waitFor(seconds: 3) { (try? self.nested.screenshot(output: "WL-1"))?.band(0..<40) != first.band(0..<40) },
                      "the text moves on WL-1")
        XCTAssertEqual(try XMarqueeRun.ctl(["--name", name, "quit"]).status, 0)
        XCTAssertEqual(bar.finish(within: 5)?.status, 0)
    }

    /// `--monitor 1` (the second output): there when it exists, on the first while it does not.
    func testBarForTheSecondOutputComesBackWhenOneAppears() throws {
        let name = "wl-return-\(getpid())"
        let bar = try XMarqueeRun(["--name", name, "--bar", "top", "--height", "40", "--monitor", "1", "text"],
                                  waylandDisplay: nested.waylandDisplay)
        defer { bar.stop() }
        try nested.message(["create_output"])
        XCTAssertTrue(waitFor(seconds: 10) { (try? self.nested.workspaceTops()) == ["WL-1": 0, "WL-2": 40] }, "on WL-2: \(tops())")
        try sway.closeNestedOutput("WL-2")
        XCTAssertTrue(waitFor(seconds: 10) { (try? self.nested.workspaceTops()) == ["WL-1": 40] }, "on WL-1 after WL-2 went: \(tops())")
        try nested.message(["create_output"])
        XCTAssertTrue(waitFor(seconds: 10) { (try? self.nested.workspaceTops()) == ["WL-1": 0, "WL-3": 40] },
                      "on the new second output, WL-3: \(tops())")
        XCTAssertTrue(bar.process.isRunning)
        XCTAssertGreaterThan(framesShown(name), 0, "ctl status answers")
    }
}
