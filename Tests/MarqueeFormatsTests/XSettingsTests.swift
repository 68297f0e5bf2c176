import XCTest
@testable import MarqueeFormats

final class XSettingsTests: XCTestCase {
    /// A property as a settings manager writes it, byte by byte (LSB first): Xft/DPI = 192 dpi.
    static let handWritten: [UInt8] = [
        0, 0, 0, 0, 7, 0, 0, 0, 1, 0, 0, 0,            // byte order, pad, serial 7, one setting
        0, 0, 7, 0, 0x58, 0x66, 0x74, 0x2F, 0x44, 0x50, 0x49, 0, // integer, name "Xft/DPI" padded to 8
        3, 0, 0, 0, 0x00, 0x00, 0x03, 0x00,            // last change 3, value 196608 (192 × 1024)
    ]

    func testReadsAHandWrittenProperty() throws {
        let settings = try XSettings(parsing: Self.handWritten)
        XCTAssertEqual(settings.serial, 7)
        XCTAssertEqual(settings.values["Xft/DPI"], .integer(196_608))
        XCTAssertEqual(settings.dpi, 192)
        XCTAssertNil(settings.animationsEnabled)
    }

    func testEveryTypeRoundTripsInBothByteOrders() throws {
        let settings = XSettings(serial: 42, values: [
            "Xft/DPI": .integer(147_456), "Gtk/EnableAnimations": .integer(0), "Net/ThemeName": .string("Adwaita-dark"),
            "Gtk/ColorScheme": .string(""), "Net/Accent": .color(red: 0xFFFF, green: 0x8000, blue: 1, alpha: 0xFFFF),
        ])
        for bigEndian in [false, true] {
            let bytes = settings.encoded(bigEndian: bigEndian)
            XCTAssertEqual(bytes.count % 4, 0)
            XCTAssertEqual(try XSettings(parsing: bytes), settings)
        }
        XCTAssertEqual(settings.dpi, 144)
        XCTAssertEqual(settings.animationsEnabled, false)
    }

    func testTheDefaultDPIMarkerIsNoDPI() {
        XCTAssertNil(XSettings(values: ["Xft/DPI": .integer(-1)]).dpi)
    }

    func testBrokenPropertiesAreErrorsNeverCrashes() {
        XCTAssertThrowsError(try XSettings(parsing: []))
        XCTAssertThrowsError(try XSettings(parsing: [2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]), "unknown byte order")
        // A count of four billion settings in a dozen bytes: refused before any allocation.
        XCTAssertThrowsError(try XSettings(parsing: [0, 0, 0, 0, 0, 0, 0, 0, 0xFF, 0xFF, 0xFF, 0xFF]))
        // A name length running past the end.
        var long = Self.handWritten
        long[14] = 0xFF
        XCTAssertThrowsError(try XSettings(parsing: long))
        // Every truncation of a valid property.
        let valid = XSettings(values: ["Net/ThemeName": .string("Adwaita"), "Xft/DPI": .integer(98_304)]).encoded()
        for length in 0..<valid.count {
            XCTAssertThrowsError(try XSettings(parsing: Array(valid[..<length])), "truncated to \(length)")
        }
    }

    /// Every one-byte change of a valid property is refused, or read as settings that read back
    /// the same once written out (the fuzz harness `xsettings` tries any bytes).
    func testEveryOneByteChangeIsRefusedOrReadsBackAsWritten() throws {
        let valid = XSettings(serial: 9, values: ["Xft/DPI": .integer(98_304), "Gtk/EnableAnimations": .integer(1),
                                                   "Net/ThemeName": .string("Adwaita"),
                                                   "Net/Color": .color(red: 1, green: 2, blue: 3, alpha: 4)]).encoded()
        var parsed = 0
        for index in valid.indices {
            for replacement: UInt8 in [0x00, 0x01, 0x7F, 0x80, 0xFF, valid[index] ^ 0x20] where replacement != valid[index] {
                var bytes = valid
                bytes[index] = replacement
                guard let settings = try? XSettings(parsing: bytes) else { continue }
                parsed += 1
                XCTAssertEqual(try XSettings(parsing: settings.encoded()), settings, "byte \(index) = \(replacement)")
                XCTAssertEqual(try XSettings(parsing: settings.encoded(bigEndian: true)), settings, "byte \(index) = \(replacement)")
            }
        }
        XCTAssertGreaterThan(parsed, valid.count, "most changes (values, serials, names) still parse")
    }
}
