import MarqueeConfig
import MarqueeConfigTOML
@testable import TickrImport
import XCTest

/// Tickr's settings as our keys, its feeds as `[[feed]]` tables, and the document read back by
/// our own TOML reader to exactly what was meant.
final class TickrMigrationTests: XCTestCase {
    func migrate(conf: String? = nil, list: String? = nil) -> TickrMigration {
        TickrMigration(feeds: list.map { TickrFeedList(bytes: Array($0.utf8)) }, settings: conf.map { TickrSettings(bytes: Array($0.utf8)) },
                       source: "/home/me/.tickr")
    }

    func entries(_ migration: TickrMigration) -> [String: ConfigDocument.Value] {
        Dictionary(uniqueKeysWithValues: migration.document.entries.map { ($0.key, $0.value) })
    }

    /// Tickr's defaults, as its settings window saves them.
    static let tickrDefaults = """
        -delay=8
        -shiftsize=1
        -fontname="Sans"
        -fontsize=12
        -fgcolor="#ffffffff"
        -bgcolor="#40404080"
        -setgradientbg=y
        -bgcolor2="#20202080"
        -win_x=0
        -win_y=0
        -win_w=1920
        -win_h=0
        -windec=n
        -alwaysontop=n
        -wintransparency=10
        -shadow=y
        -rssrefresh=15
        -revsc=n
        -feedtitle=n
        -itemtitledelimiter="        |        "
        -itemdescription=n
        -nitemsperfeed=5
        -clock=n
        -clockfontname="Sans"
        -pauseonmouseover=y
        -useproxy=n
        -proxyport="8080"

        """

    func testTickrsDefaultsBecomeOurKeys() {
        let migration = migrate(conf: Self.tickrDefaults)
        let keys = entries(migration)
        XCTAssertEqual(keys["speed"], .integer(125))
        XCTAssertEqual(keys["fg"], .string("#ffffff"))
        XCTAssertEqual(keys["bg"], .string("#40404080"))
        XCTAssertEqual(keys["font"], .string("Sans:size=12"))
        XCTAssertEqual(keys["bar"], .string("top"))
        XCTAssertNil(keys["geometry"])
        XCTAssertEqual(keys["refresh"], .integer(900))
        XCTAssertEqual(keys["pause-on-hover"], .boolean(true))
        XCTAssertEqual(keys["feed-title"], .boolean(false))
        XCTAssertEqual(keys["separator"], .string("        |        "))
        XCTAssertNil(keys["direction"])
        XCTAssertNil(keys["clock"])
        // Only what the user would miss is said: Tickr's defaults that look different here.
        XCTAssertEqual(migration.notCarried, [
            "setgradientbg=y: no gradient here: the background is bgcolor alone",
            "shadow=y: no text shadow",
            "nitemsperfeed=5: every item of a feed is shown",
        ])
        XCTAssertEqual(migration.carried.count, migration.document.entries.count)
    }

    func testAWindowElsewhereKeepsItsPlaceAndStyledFontsBecomeConstants() {
        let keys = entries(migrate(conf: """
            -delay=16
            -shiftsize=3
            -fontname="DejaVu Sans Condensed Bold Italic"
            -fontsize=14
            -win_x=100
            -win_y=1040
            -win_w=800
            -win_h=40
            -alwaysontop=y
            -winsticky=y
            -revsc=y
            -clock=r
            -clock12h=n
            -clocksec=y
            -clockdate=y
            """))
        XCTAssertEqual(keys["speed"], .number(187.5))
        XCTAssertEqual(keys["font"], .string("DejaVu Sans:size=14:condensed:bold:italic"))
        XCTAssertEqual(keys["geometry"], .string("800x40+100+1040"))
        XCTAssertNil(keys["bar"])
        XCTAssertEqual(keys["above"], .boolean(true))
        XCTAssertEqual(keys["sticky"], .boolean(true))
        XCTAssertEqual(keys["direction"], .string("right"))
        XCTAssertEqual(keys["clock"], .string("%a %b %d %H:%M:%S"))
    }

    func testValuesWithoutACounterpartOrBrokenAreSaid() {
        let migration = migrate(conf: """
            -delay=0
            -fgcolor="white"
            -fontname="Font-With:Colon"
            -fontsize=500
            -rssrefresh=0
            -win_x=-5
            -useproxy=y
            -proxyhost="proxy.example"
            -frobnicate=3
            """)
        XCTAssertTrue(migration.document.entries.isEmpty, "\(migration.document.entries)")
        XCTAssertEqual(migration.notCarried, [
            "delay=0, shiftsize=: not a speed xmarquee can take",
            "fgcolor=white: not a #rrggbbaa colour",
            "fontname=Font-With:Colon, fontsize=500: not a font xmarquee can name",
            "win_x=-5, win_y=0, win_w=0, win_h=0: outside the screen's 16-bit range",
            "rssrefresh=0 (never reload): xmarquee fetches each feed again at its TTL, else every 15 minutes",
            "useproxy=y: set http_proxy / https_proxy in the environment (libcurl reads them)",
            "proxyhost=proxy.example: set http_proxy / https_proxy in the environment (libcurl reads them)",
            "frobnicate=3: not a Tickr setting xmarquee knows",
        ])
    }

    func testAFamilyWithFontconfigsSpecialCharactersIsEscaped() {
        XCTAssertEqual(TickrFont.pattern(pangoName: "Foo-Bar: Baz, Qux\\ Bold", size: 9), "Foo\\-Bar\\: Baz\\, Qux\\\\:size=9:bold")
        XCTAssertEqual(TickrFont.pattern(pangoName: "Bold", size: 9), "Bold:size=9")
        XCTAssertNil(TickrFont.pattern(pangoName: "", size: 9))
    }

    func testFeedsBecomeTablesWithTitlesAndUnselectedOnesDisabled() {
        let migration = migrate(list: "*  0https://example.org/a>NYT > World\n-  0https://example.org/b\n")
        XCTAssertEqual(migration.document.tables.map(\.name), ["feed", "feed"])
        XCTAssertEqual(migration.document.tables[0].entries,
                       [ConfigDocument.Entry("url", .string("https://example.org/a")), ConfigDocument.Entry("title", .string("NYT > World"))])
        XCTAssertEqual(migration.document.tables[1].entries,
                       [ConfigDocument.Entry("url", .string("https://example.org/b")), ConfigDocument.Entry("enabled", .boolean(false))])
        XCTAssertEqual(migration.carried, ["2 feeds as [[feed]] tables, titles kept (1 selected; the 1 unselected with enabled = false)"])
    }

    /// The whole document through TOMLKit, as the helper reads a config file.
    func testTheDocumentReadsBackThroughOurTOMLReader() throws {
        let hostile = "NYT > \"World\" \\ news\u{7F}\u{1B}[31m\u{8}\u{C}é 日本 👍🏽 ' ''' \"\"\" # not a comment"
        let migration = migrate(conf: Self.tickrDefaults + "-itemtitledelimiter=\"" + hostile + "\"\n",
                                list: "*  0https://example.org/a?x=1&y=\"2\">" + hostile + "\n-  0file:///tmp/feed.xml>Local\n")
        let text = migration.document.text
        let file = try ConfigFile(text: text, path: "config")
        var values: [String: ConfigValue] = [:]
        for setting in file.settings { values[setting.key] = setting.value }
        XCTAssertEqual(values["separator"], .string(hostile))
        XCTAssertEqual(values["speed"], .integer(125))
        XCTAssertEqual(values["bar"], .string("top"))
        // The list's reader made the title's control characters spaces; TOMLKit gives a table's keys sorted.
        let title = String(String.UnicodeScalarView(hostile.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? " " : $0 }))
        guard case .tables(let tables) = values["feed"] else { return XCTFail("\(String(describing: values["feed"]))") }
        XCTAssertEqual(tables.map { $0.sorted { $0.key < $1.key } }, [
            [ConfigTableEntry(key: "title", value: title), ConfigTableEntry(key: "url", value: "https://example.org/a?x=1&y=\"2\"")],
            [ConfigTableEntry(key: "enabled", value: "false"), ConfigTableEntry(key: "title", value: "Local"),
             ConfigTableEntry(key: "url", value: "file:///tmp/feed.xml")],
        ])
        // Every line of ours is read with its line number: the comments above each key do not hide it.
        XCTAssertTrue(file.settings.allSatisfy { $0.line != nil }, "\(file.settings)")
    }
}
