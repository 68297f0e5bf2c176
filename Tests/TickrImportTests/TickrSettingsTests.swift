@testable import TickrImport
import XCTest

/// Tickr's settings file as Tickr reads it: `-name=value`, one pair of quotes removed, a later
/// line winning; anything else said once and skipped.
final class TickrSettingsTests: XCTestCase {
    func testTickrsOwnLines() {
        let settings = TickrSettings(bytes: Array("""
            -delay=8
            -shiftsize=1
            -fontname="DejaVu Sans Bold"
            -fgcolor="#ffffffff"
            -linedelimiter='  '
            -user=""
            -openlinkargs="a"b"

            """.utf8))
        XCTAssertEqual(settings["delay"], "8")
        XCTAssertEqual(settings["fontname"], "DejaVu Sans Bold")
        XCTAssertEqual(settings["fgcolor"], "#ffffffff")
        XCTAssertEqual(settings["linedelimiter"], "  ")
        XCTAssertEqual(settings["user"], "")
        // Tickr escapes nothing: the inner quote stays.
        XCTAssertEqual(settings["openlinkargs"], "a\"b")
        XCTAssertEqual(settings.names, ["delay", "shiftsize", "fontname", "fgcolor", "linedelimiter", "user", "openlinkargs"])
        XCTAssertEqual(settings.problems, [])
    }

    func testALaterLineWinsAndValuesMayHoldEquals() {
        let settings = TickrSettings(bytes: Array("-delay=8\r\n-delay=16\r\n-openlinkcmd=\"a=b\"\r\n".utf8))
        XCTAssertEqual(settings["delay"], "16")
        XCTAssertEqual(settings["openlinkcmd"], "a=b")
        XCTAssertEqual(settings.names, ["delay", "openlinkcmd"])
    }

    func testBrokenLines() {
        var bytes = Array("delay=8\n-nothing\n   \n".utf8) + [0x2D, 0xFF, 0x3D, 0x31, 0x0A]
        let long = "-" + String(repeating: "x", count: 9000) + "=1\n-shiftsize=2"
        bytes += Array(long.utf8)
        let settings = TickrSettings(bytes: bytes)
        XCTAssertEqual(settings.values, ["shiftsize": "2"])
        XCTAssertEqual(settings.problems, ["line 1: not -name=value, skipped", "line 2: not -name=value, skipped",
                                           "line 4: not UTF-8, skipped", "line 5: longer than 8 kB, skipped"])
    }

    func testFlagsAndNumbers() {
        let settings = TickrSettings(values: ["revsc": "y", "windec": "n", "shadow": "maybe", "win_x": " 12", "win_y": "a"])
        XCTAssertEqual(settings.flag("revsc"), true)
        XCTAssertEqual(settings.flag("windec"), false)
        XCTAssertNil(settings.flag("shadow"))
        XCTAssertEqual(settings.integer("win_x"), 12)
        XCTAssertNil(settings.integer("win_y"))
    }
}
