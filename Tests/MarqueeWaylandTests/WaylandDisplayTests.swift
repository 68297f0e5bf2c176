import XCTest
@testable import MarqueeWayland
@testable import DisplayTestSupport

/// The connection under headless sway: the globals a bar needs and the outputs by connector name.
final class WaylandDisplayTests: SwayTestCase {

    func testBindsTheGlobalsABarNeeds() throws {
        let display = try WaylandDisplay(name: sway.waylandDisplay)
        XCTAssertNotNil(display.layerShell)
        XCTAssertGreaterThanOrEqual(display.layerShellVersion, 3)
        XCTAssertNotNil(display.viewporter)
        XCTAssertNotNil(display.presentation)
        XCTAssertEqual(display.outputs.compactMap(\.name), ["HEADLESS-1"])
    }

    func testHearsOfANewOutput() throws {
        let display = try WaylandDisplay(name: sway.waylandDisplay)
        var changes = 0
        display.onOutputsChanged = { changes += 1 }
        try sway.message(["create_output"])
        XCTAssertTrue(waitFor(seconds: 5) {
            display.dispatch(reading: true)
            return display.outputs.compactMap(\.name).contains("HEADLESS-2")
        })
        XCTAssertGreaterThanOrEqual(changes, 1)
    }

    /// An output's global removed (a window of a nested sway closed: headless sway 1.7 cannot
    /// remove one): it leaves `outputs`, and the listener hears of it.
    func testHearsOfAnOutputGoing() throws {
        let nested = try HeadlessSway(nestedIn: sway)
        defer { nested.stop() }
        try nested.message(["create_output"])
        let display = try WaylandDisplay(name: nested.waylandDisplay)
        XCTAssertEqual(display.outputs.compactMap(\.name), ["WL-1", "WL-2"])
        var changes = 0
        display.onOutputsChanged = { changes += 1 }
        try sway.closeNestedOutput("WL-2")
        XCTAssertTrue(waitFor(seconds: 5) {
            display.dispatch(reading: true)
            return display.outputs.compactMap(\.name) == ["WL-1"]
        }, "\(display.outputs.compactMap(\.name))")
        XCTAssertGreaterThanOrEqual(changes, 1)
    }

    func testNoCompositorIsAnError() {
        XCTAssertThrowsError(try WaylandDisplay(name: sway.runtimeDirectory + "/no-such-socket")) { error in
            XCTAssertTrue("\(error)".contains("cannot connect"))
        }
    }
}
