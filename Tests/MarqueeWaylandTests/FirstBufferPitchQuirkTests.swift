import XCTest
@testable import MarqueeWayland

/// When a tight buffer is needed (KWin 5.27's first upload): after a new surface, format or size,
/// until the compositor has answered a frame callback asked for with the first such buffer.
final class FirstBufferPitchQuirkTests: XCTestCase {
    func testTightUntilTheCompositorHasDrawnOneAtThatSize() {
        var quirk = FirstBufferPitchQuirk()
        var callbacks = FrameCallbackCount(requested: 3, answered: 3)
        XCTAssertTrue(quirk.needsTightBuffer(width: 1280, height: 40, callbacks: callbacks), "the first buffer")
        quirk.noteAttached(width: 1280, height: 40, callbacks: callbacks)
        callbacks.requested = 4
        XCTAssertTrue(quirk.needsTightBuffer(width: 1280, height: 40, callbacks: callbacks), "not drawn yet")
        quirk.noteAttached(width: 1280, height: 40, callbacks: callbacks)
        callbacks.answered = 4
        XCTAssertFalse(quirk.needsTightBuffer(width: 1280, height: 40, callbacks: callbacks), "callback 4 answered: drawn")
        XCTAssertTrue(quirk.needsTightBuffer(width: 1300, height: 40, callbacks: callbacks), "a new size")
    }

    func testACallbackAskedBeforeTheFirstTightBufferProvesNothing() {
        var quirk = FirstBufferPitchQuirk()
        // Callback 5 is pending from a commit before this size: its answer may come from a
        // repaint that never saw the new buffer.
        let before = FrameCallbackCount(requested: 5, answered: 4)
        quirk.noteAttached(width: 800, height: 30, callbacks: before)
        XCTAssertTrue(quirk.needsTightBuffer(width: 800, height: 30, callbacks: FrameCallbackCount(requested: 5, answered: 5)))
        XCTAssertFalse(quirk.needsTightBuffer(width: 800, height: 30, callbacks: FrameCallbackCount(requested: 6, answered: 6)))
    }

    func testANewSurfaceStartsOver() {
        var quirk = FirstBufferPitchQuirk()
        quirk.noteAttached(width: 800, height: 30, callbacks: FrameCallbackCount())
        _ = quirk.needsTightBuffer(width: 800, height: 30, callbacks: FrameCallbackCount(requested: 1, answered: 1))
        quirk.textureRemade()
        XCTAssertTrue(quirk.needsTightBuffer(width: 800, height: 30, callbacks: FrameCallbackCount(requested: 1, answered: 1)))
    }
}
