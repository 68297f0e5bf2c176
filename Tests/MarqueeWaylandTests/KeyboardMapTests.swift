import CWaylandClient
import Glibc
import MarqueeCore
import XCTest
@testable import MarqueeWayland

/// The keyboard path without a compositor: a keymap handed over in shared memory as a compositor
/// sends it, keys read into the player's keys, Ctrl from the modifier state.
final class KeyboardMapTests: XCTestCase {
    /// The default layout (evdev rules, us) as xkb text behind a memory file, as `wl_keyboard.keymap` gives it.
    private func keymapFile() throws -> (fd: Int32, size: Int) {
        let context = try XCTUnwrap(xkb_context_new(XKB_CONTEXT_NO_FLAGS))
        defer { xkb_context_unref(context) }
        let keymap = try XCTUnwrap(xkb_keymap_new_from_names(context, nil, XKB_KEYMAP_COMPILE_NO_FLAGS), "xkb-data is installed")
        defer { xkb_keymap_unref(keymap) }
        let text = try XCTUnwrap(xkb_keymap_get_as_string(keymap, XKB_KEYMAP_FORMAT_TEXT_V1))
        defer { free(text) }
        let size = strlen(text) + 1
        let fd = memfd_create("keymap-test", 0)
        XCTAssertGreaterThanOrEqual(fd, 0)
        XCTAssertEqual(write(fd, text, size), size)
        return (fd, size)
    }

    func testKeysBecomeThePlayersKeys() throws {
        let map = try XCTUnwrap(KeyboardMap())
        let file = try keymapFile()
        map.load(fd: file.fd, size: file.size)
        // Evdev codes (linux/input-event-codes.h): space 57, left 105, right 106, minus 12, equal 13, a 30.
        XCTAssertEqual(map.symbol(ofKey: 57).flatMap(PlayerKey.init(keysym:)), .togglePause)
        XCTAssertEqual(map.symbol(ofKey: 105).flatMap(PlayerKey.init(keysym:)), .scrubLeft)
        XCTAssertEqual(map.symbol(ofKey: 106).flatMap(PlayerKey.init(keysym:)), .scrubRight)
        XCTAssertEqual(map.symbol(ofKey: 12).flatMap(PlayerKey.init(keysym:)), .slower)
        XCTAssertEqual(map.symbol(ofKey: 13).flatMap(PlayerKey.init(keysym:)), .faster)
        XCTAssertNil(map.symbol(ofKey: 30).flatMap(PlayerKey.init(keysym:)), "a letter does nothing")
    }

    func testControlFollowsTheModifierState() throws {
        let map = try XCTUnwrap(KeyboardMap())
        let file = try keymapFile()
        map.load(fd: file.fd, size: file.size)
        XCTAssertFalse(map.controlHeld)
        // Control is the third modifier (mask 4) in every xkb keymap.
        map.updateModifiers(depressed: 4, latched: 0, locked: 0, group: 0)
        XCTAssertTrue(map.controlHeld)
        map.updateModifiers(depressed: 0, latched: 0, locked: 0, group: 0)
        XCTAssertFalse(map.controlHeld)
    }
}
