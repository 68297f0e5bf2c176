import MarqueeConfig
import MarqueeConfigTOML
import XCTest

/// The config file read with TOMLKit and turned into command-line arguments.
final class ConfigFileTests: XCTestCase {
    let catalog = OptionCatalog(valueOptions: ["font", "speed", "bar", "file", "separator", "feed"], flags: ["above", "sticky"],
                                positional: "text", pathOptions: ["file"], repeatableOptions: ["feed"],
                                tableOptions: ["feed": "url"])

    func arguments(_ text: String) throws -> ConfigArguments {
        try ConfigArguments(file: ConfigFile(text: text, path: "config"), catalog: catalog, home: "/home/ann")
    }

    func testSettingsBecomeArgumentsInFileOrder() throws {
        let result = try arguments("""
            # a comment
            font = "DejaVu Sans:size=16"
            speed = 90
            above = true
            sticky = false
            separator = "-"
            text = ["one", "two"]
            """)
        XCTAssertEqual(result.options, ["--font=DejaVu Sans:size=16", "--speed=90", "--above", "--no-sticky", "--separator=-"])
        XCTAssertEqual(result.positional, ["one", "two"])
        XCTAssertEqual(result.warnings, [])
        XCTAssertEqual(result.keyLines["speed"], 3)
    }

    func testARepeatableOptionTakesAListAndASingleOptionDoesNot() throws {
        let result = try arguments("""
            feed = ["https://a.example/rss", "file:///srv/b.atom"]
            """)
        XCTAssertEqual(result.options, ["--feed=https://a.example/rss", "--feed=file:///srv/b.atom"])
        XCTAssertThrowsError(try arguments("font = [\"a\", \"b\"]"))
    }

    /// `[[feed]]` tables: each becomes one --feed with its own settings as words after the
    /// address (in the order TOMLKit gives them), quoted so that any title survives the split;
    /// the tables travel through the helper's records unchanged.
    func testFeedTablesBecomeFeedsWithTheirOwnSettings() throws {
        let text = """
            speed = 10

            [[feed]]
            url = "https://a.example/rss"
            title = "Tom's \\"news\\""
            refresh = 600
            descriptions = true
            colour = "#8cf"

            [[feed]]
            url = "file:///srv/b.atom"
            """
        let result = try arguments(text)
        XCTAssertEqual(result.options, ["--speed=10",
                                        "--feed='https://a.example/rss' colour='#8cf' descriptions='true' refresh='600' title='Tom'\\''s \"news\"'",
                                        "--feed='file:///srv/b.atom'"])
        XCTAssertEqual(result.keyLines["feed"], 3)
        let file = try ConfigFile(text: text, path: "config")
        XCTAssertEqual(ConfigReadResult(output: ConfigReadResult.read(file).output, path: "config"), .read(file))
        XCTAssertThrowsError(try arguments("[[feed]]\ntitle = \"no address\"\n")) {
            XCTAssertEqual(($0 as! ConfigError).message, "each [[feed]] table needs url = \"…\"")
        }
    }

    func testSyntaxErrorNamesTheLineAndKey() {
        XCTAssertThrowsError(try arguments("font = \"x\"\nspeed = = 3\n")) { error in
            let error = error as! ConfigError
            XCTAssertEqual(error.line, 2)
            XCTAssertEqual(error.key, "speed")
            XCTAssertTrue(error.description.hasPrefix("config:2:9: key \"speed\": syntax error"), error.description)
        }
    }

    func testUnknownKeyIsAWarningNamingIt() throws {
        let result = try arguments("speed = 10\ncolour = \"red\"\n")
        XCTAssertEqual(result.options, ["--speed=10"])
        XCTAssertEqual(result.warnings, ["config:2: key \"colour\": unknown key (ignored)"])
    }

    func testWrongShapesAreErrors() {
        XCTAssertThrowsError(try arguments("above = \"yes\"")) { XCTAssertEqual(($0 as! ConfigError).message, "expected true or false") }
        XCTAssertThrowsError(try arguments("font = true")) { XCTAssertEqual(($0 as! ConfigError).key, "font") }
        XCTAssertThrowsError(try arguments("bar = [\"top\"]"))
        XCTAssertThrowsError(try arguments("text = 3"))
    }

    func testHomeInPaths() throws {
        XCTAssertEqual(try arguments("file = \"~/news.txt\"").options, ["--file=/home/ann/news.txt"])
        XCTAssertEqual(try arguments("separator = \"~/\"").options, ["--separator=~/"])
    }

    func testCommandLineComesLastAndItsMessagesWin() throws {
        let config = try arguments("speed = 10\ntext = \"from config\"")
        XCTAssertEqual(config.merged(before: ["--speed", "20"], commandLineHasMessages: false),
                       ["--speed=10", "--speed", "20", "--", "from config"])
        XCTAssertEqual(config.merged(before: ["hello"], commandLineHasMessages: true), ["--speed=10", "hello"])
        XCTAssertEqual(config.merged(before: ["--"], commandLineHasMessages: false), ["--speed=10", "--", "from config"])
    }

    func testXDGPaths() {
        XCTAssertEqual(XDGPaths(environment: ["HOME": "/home/ann"]).configFile, "/home/ann/.config/xmarquee/config")
        XCTAssertEqual(XDGPaths(environment: ["HOME": "/home/ann", "XDG_CONFIG_HOME": "/cfg"]).configFile, "/cfg/xmarquee/config")
        XCTAssertEqual(XDGPaths(environment: ["HOME": "/home/ann", "XDG_CONFIG_HOME": "relative"]).autostartEntry,
                       "/home/ann/.config/autostart/xmarquee.desktop")
    }
}
