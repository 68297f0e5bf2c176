import XCTest
@testable import MarqueeCore

/// `--backend`: which display system a start with these surroundings uses.
final class DisplayBackendTests: XCTestCase {
    func testAutoTakesWaylandForABarWhereTheCompositorOffersLayerShell() {
        XCTAssertEqual(DisplayBackend.auto.decide(layerShell: true, x11Display: true, bar: true), .wayland)
        XCTAssertEqual(DisplayBackend.auto.decide(layerShell: true, x11Display: false, bar: true), .wayland)
    }

    func testAutoFallsBackToX11() {
        // GNOME or weston: no layer-shell, Xwayland there.
        XCTAssertEqual(DisplayBackend.auto.decide(layerShell: false, x11Display: true, bar: true), .x11)
        XCTAssertEqual(DisplayBackend.auto.decide(layerShell: nil, x11Display: true, bar: true), .x11)
        // A window stays X11's while Wayland windows are not built.
        XCTAssertEqual(DisplayBackend.auto.decide(layerShell: true, x11Display: true, bar: false), .x11)
    }

    func testNoDisplayAtAllIsAnError() {
        guard case .unavailable(let reason) = DisplayBackend.auto.decide(layerShell: nil, x11Display: false, bar: true) else {
            return XCTFail("no display must be an error")
        }
        XCTAssertTrue(reason.contains("WAYLAND_DISPLAY") && reason.contains("DISPLAY"))
        guard case .unavailable(let shell) = DisplayBackend.auto.decide(layerShell: false, x11Display: false, bar: true) else {
            return XCTFail("no layer-shell and no X must be an error")
        }
        XCTAssertTrue(shell.contains("layer-shell"))
    }

    func testExplicitChoices() {
        XCTAssertEqual(DisplayBackend.x11.decide(layerShell: true, x11Display: false, bar: true), .x11)
        XCTAssertEqual(DisplayBackend.wayland.decide(layerShell: true, x11Display: true, bar: true), .wayland)
        XCTAssertNotEqual(DisplayBackend.wayland.decide(layerShell: false, x11Display: true, bar: true), .wayland)
        XCTAssertNotEqual(DisplayBackend.wayland.decide(layerShell: nil, x11Display: true, bar: true), .wayland)
        XCTAssertNotEqual(DisplayBackend.wayland.decide(layerShell: true, x11Display: true, bar: false), .wayland)
    }
}
