import MarqueeConfig
import MarqueeConfigTOML
import XCTest

/// `ConfigDocument`'s TOML: every string, whatever it holds, reads back as itself.
final class ConfigDocumentWriterTests: XCTestCase {
    func readBack(_ value: ConfigDocument.Value, key: String = "separator") throws -> ConfigValue? {
        var document = ConfigDocument()
        document.entries = [ConfigDocument.Entry(key, value, comment: "a comment with a\nline break and \u{0} NUL")]
        return try ConfigFile(text: document.text, path: "config").settings.first?.value
    }

    func testEveryControlCharacterQuoteAndBackslashRoundTrips() throws {
        // U+0000 is the one character the reader cannot take back whole (TOMLKit's strings are C
        // strings): the precheck reads an escaped NUL as U+FFFD.
        let controls = String(String.UnicodeScalarView((1...0x1F).map { Unicode.Scalar($0)! } + ["\u{7F}"]))
        for text in [controls, "\"quoted\"", "back\\slash\\", "\\u0041 is not A", "'single' '''", "", "日本語 👨‍👩‍👧 \u{200D}\u{2028}"] {
            XCTAssertEqual(try readBack(.string(text)), .string(text), text.debugDescription)
        }
        XCTAssertEqual(try readBack(.string("a\u{0}b")), .string("a\u{FFFD}b"))
    }

    func testNumbersBooleansAndLists() throws {
        XCTAssertEqual(try readBack(.integer(-42)), .integer(-42))
        XCTAssertEqual(try readBack(.number(187.5)), .number(187.5))
        XCTAssertEqual(try readBack(.number(1e20)), .number(1e20))
        XCTAssertEqual(try readBack(.boolean(false)), .boolean(false))
        XCTAssertEqual(try readBack(.list(["a\"b", "c\nd"])), .list(["a\"b", "c\nd"]))
    }

    func testAKeyThatIsNotBareIsQuoted() throws {
        XCTAssertEqual(ConfigDocument.key("feed title"), "\"feed title\"")
        var document = ConfigDocument()
        document.entries = [ConfigDocument.Entry("a b", .integer(1))]
        XCTAssertEqual(try ConfigFile(text: document.text, path: "config").settings.first?.key, "a b")
    }
}
