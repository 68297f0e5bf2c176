import MarqueeConfig
import MarqueeConfigTOML
import XCTest

/// The records the helper (`xmarquee-feed read-config`) sends the config file's settings in: every
/// shape of value, every awkward character and every kind of failure comes back as it went out.
final class ConfigReadResultTests: XCTestCase {
    func roundTrip(_ result: ConfigReadResult, path: String = "/cfg/config") -> ConfigReadResult? {
        ConfigReadResult(output: result.output, path: path)
    }

    func testEveryValueShapeComesBack() {
        let file = ConfigFile(path: "/cfg/config", settings: [
            ConfigSetting(key: "font", value: .string("DejaVu Sans:size=16"), line: 1),
            ConfigSetting(key: "speed", value: .integer(-90), line: 2),
            ConfigSetting(key: "pause-at-start", value: .number(0.1), line: 3),
            ConfigSetting(key: "huge", value: .number(1e300), line: 4),
            ConfigSetting(key: "tiny", value: .number(-.leastNonzeroMagnitude), line: 5),
            ConfigSetting(key: "far", value: .number(-.infinity), line: 6),
            ConfigSetting(key: "above", value: .boolean(true), line: 7),
            ConfigSetting(key: "sticky", value: .boolean(false), line: 8),
            ConfigSetting(key: "text", value: .list(["one", "", "three"]), line: 9),
            ConfigSetting(key: "none", value: .list([]), line: 10),
            ConfigSetting(key: "table", value: .unsupported("a table"), line: 11),
            ConfigSetting(key: "somewhere", value: .string(""), line: nil),
        ])
        XCTAssertEqual(roundTrip(.read(file)), .read(file))
    }

    func testAwkwardTextIsEscapedAndComesBack() {
        let texts = ["tab\there", "line\nbreak", "cr\rlf\r\n", "back\\slash \\t not a tab", "\\", "ends with \\",
                     "ünïcødé → ✓ 🎉", "\u{0}nul", "\"quoted\" = 'x'", "setting\tx\t1\tstring\ty"]
        let file = ConfigFile(path: "/cfg/config", settings: texts.enumerated().map { index, text in
            ConfigSetting(key: "key \(text)", value: index.isMultiple(of: 2) ? .string(text) : .list([text, text]), line: index + 1)
        })
        let output = ConfigReadResult.read(file).output
        XCTAssertEqual(output.split(separator: "\n").count, texts.count + 1, "one line per setting, then ok")
        XCTAssertEqual(roundTrip(.read(file)), .read(file))
    }

    func testNotANumberComesBack() {
        let file = ConfigFile(path: "p", settings: [ConfigSetting(key: "speed", value: .number(.nan), line: 1)])
        guard case .read(let back)? = roundTrip(.read(file), path: "p"), case .number(let value) = back.settings.first?.value else {
            return XCTFail("not read back")
        }
        XCTAssertTrue(value.isNaN)
    }

    func testAnEmptyFileIsJustOk() {
        let empty = ConfigFile(path: "/cfg/config", settings: [])
        XCTAssertEqual(ConfigReadResult.read(empty).output, "ok\n")
        XCTAssertEqual(roundTrip(.read(empty)), .read(empty))
    }

    func testFailuresComeBackWithPathLineAndKey() {
        let located = ConfigError(path: "/cfg/my\tconfig", line: 2, key: "speed", message: "syntax error: expected a value\nhere")
        XCTAssertEqual(roundTrip(.invalid(located)), .invalid(located))
        let unlocated = ConfigError(path: "/cfg/config", line: nil, key: nil, message: "cannot parse: ?")
        XCTAssertEqual(roundTrip(.invalid(unlocated)), .invalid(unlocated))
        XCTAssertEqual(roundTrip(.unreadable("cannot read \"/cfg/config\": Permission denied")),
                       .unreadable("cannot read \"/cfg/config\": Permission denied"))
    }

    /// What the real parser makes of a file goes through the records unchanged, so the ticker's
    /// messages (which come from ConfigArguments, in the ticker) are those of an in-process parse.
    func testParsedFileComesBackUnchanged() throws {
        let file = try ConfigFile(text: """
            font = "DejaVu Sans:size=16"
            speed = 90.5
            "quoted key" = 3
            text = ["a\\tb", "c\\nd"]
            [table]
            x = 1
            """, path: "/cfg/config")
        XCTAssertEqual(roundTrip(.read(file)), .read(file))
    }

    func testIncompleteOrMalformedStreamsAreRefused() {
        let setting = "setting\tspeed\t1\tinteger\t90\n"
        for output in ["", setting, setting + "ok\tmore\n", "ok\n" + setting, "ok\nok\n",
                       setting + "unreadable\tx\n", "setting\tspeed\t1\tinteger\tninety\nok\n",
                       "setting\tspeed\tfirst\tinteger\t90\nok\n", "setting\tspeed\t0\tinteger\t90\nok\n",
                       "setting\tabove\t1\tboolean\tyes\nok\n", "setting\tx\t1\tstring\nok\n",
                       "setting\tx\t1\tdate\t2024-01-01\nok\n", "invalid\tpath\t2\tkey\n", "item\tt\tl\nok\n"] {
            XCTAssertNil(ConfigReadResult(output: output, path: "p"), output.debugDescription)
        }
        XCTAssertEqual(ConfigReadResult(output: "ok", path: "p"), .read(ConfigFile(path: "p", settings: [])),
                       "a last line without its newline is still whole")
    }
}
