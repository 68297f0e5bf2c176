import MarqueeConfig
import MarqueeConfigTOML
import XCTest

/// The config file read with TOMLKit and turned into command-line arguments.
final class ConfigFileTests: XCTestCase {
    let catalog = OptionCatalog(valueOptions: ["font", "speed", "bar", "file", "separator", "feed"], flags: ["above", "sticky"],
                                positional: "text", pathOptions: ["file"], repeatableOptions: ["feed"])

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
