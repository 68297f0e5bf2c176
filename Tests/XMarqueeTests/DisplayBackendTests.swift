import XCTest
@testable import xmarquee

/// `--backend`: which display system a start with these surroundings uses.
final class DisplayBackendTests: XCTestCase {
    func testAutoTakesWaylandForABarWhereTheCompositorOffersLayerShell() {
        XCTAssertEqual(DisplayBackend.auto.decide(layerShell: true, x11Display: true, bar: true), .waylandBar)
        XCTAssertEqual(DisplayBackend.auto.decide(layerShell: true, x11Display: false, bar: true), .waylandBar)
    }

    func testAutoFallsBackToX11() {
        // GNOME or weston: no layer-shell, Xwayland there.
        XCTAssertEqual(DisplayBackend.auto.decide(layerShell: false, x11Display: true, bar: true), .x11)
        XCTAssertEqual(DisplayBackend.auto.decide(layerShell: nil, x11Display: true, bar: true), .x11)
        // A window stays X11's where Xwayland is there.
        XCTAssertEqual(DisplayBackend.auto.decide(layerShell: true, x11Display: true, bar: false), .x11)
    }

    func testNoDisplayAtAllIsAnError() {
        guard case .unavailable(let reason) = DisplayBackend.auto.decide(layerShell: nil, x11Display: false, bar: true) else {
            return XCTFail("no display must be an error")
        }
        XCTAssertTrue(reason.contains("WAYLAND_DISPLAY") && reason.contains("DISPLAY"))
        guard case .unavailable = DisplayBackend.wayland.decide(layerShell: nil, x11Display: true, bar: true) else {
            return XCTFail("--backend wayland without a compositor must be an error")
        }
    }

    func testABarWithoutLayerShellBecomesAWindowAndSaysWhy() {
        // weston, GNOME without Xwayland.
        guard case .waylandWindow(let note?) = DisplayBackend.auto.decide(layerShell: false, x11Display: false, bar: true) else {
            return XCTFail("a window with a note")
        }
        XCTAssertTrue(note.contains("layer-shell") && note.contains("window"))
        XCTAssertEqual(DisplayBackend.wayland.decide(layerShell: false, x11Display: true, bar: true),
                       DisplayBackend.auto.decide(layerShell: false, x11Display: false, bar: true))
        // No bar asked for: a window, nothing to explain.
        XCTAssertEqual(DisplayBackend.wayland.decide(layerShell: true, x11Display: true, bar: false), .waylandWindow(note: nil))
        XCTAssertEqual(DisplayBackend.auto.decide(layerShell: false, x11Display: false, bar: false), .waylandWindow(note: nil))
    }

    func testExplicitChoices() {
        XCTAssertEqual(DisplayBackend.x11.decide(layerShell: true, x11Display: false, bar: true), .x11)
        XCTAssertEqual(DisplayBackend.wayland.decide(layerShell: true, x11Display: true, bar: true), .waylandBar)
    }
}
