import TickrImport
import XCTest

/// The first start's note: only with Tickr's files there, no config of ours, and not said before.
final class TickrImportNoteTests: XCTestCase {
    func note(_ existing: Set<String>) -> String? {
        TickrImportNote.text(tickrFolder: "/home/me/.tickr", configPath: "/home/me/.config/xmarquee/config",
                             marker: "/home/me/.local/state/xmarquee/tickr-import-noted", exists: existing.contains)
    }

    func testSaidOnlyWhenDue() {
        let list = "/home/me/.tickr/tickr-url-list", conf = "/home/me/.tickr/tickr-conf"
        XCTAssertEqual(note([list]), "Tickr's feeds and settings are in /home/me/.tickr: `xmarquee --import-tickr` makes them your config (/home/me/.config/xmarquee/config)")
        XCTAssertNotNil(note([conf]))
        XCTAssertNil(note([]), "no Tickr here")
        XCTAssertNil(note([list, "/home/me/.config/xmarquee/config"]), "a config of ours already")
        XCTAssertNil(note([list, "/home/me/.local/state/xmarquee/tickr-import-noted"]), "said before")
    }
}
