import MarqueeConfig
import XCTest

/// What each setting's declaration says, pinned: which keys a reload applies at once and which X
/// resources exist are behaviour users rely on (their config files and `xrdb` themes), so a change
/// to a declaration that moves one of them must be made on purpose, here too.
final class SettingDeclarationTests: XCTestCase {
    func testAReloadAppliesTheLookTheMotionAndTheTextAtOnce() {
        let always: Set = ["fg", "bg", "font", "font-features", "speed", "direction", "separator", "text", "markup",
                           "item-bg", "item-padding", "item-radius", "fade", "motion", "height", "menu"]
        XCTAssertEqual(Setting.live(bar: false), always.union(["above", "sticky"]))
        XCTAssertEqual(Setting.live(bar: true), always.union(["monitor"]))
        // Only these are resolved against the display again (colours, fonts, lengths).
        XCTAssertEqual(Setting.look, ["fg", "bg", "fade", "font", "font-features", "item-bg", "item-radius", "item-padding",
                                      "separator", "markup"])
    }

    func testResourcesAreTheLookAndMotionOptionsInLowerCamelCaseWithTheSharedColourNames() {
        XCTAssertEqual(Set(Setting.byResourceName.keys), [
            "font", "fontFeatures", "foreground", "background", "itemBackground", "itemPadding", "itemRadius", "speed",
            "direction", "separator", "markup", "mode", "align", "pauseAtStart", "hold", "duration", "start", "pauseOnHover",
            "clickToPause", "menu", "subpixel", "fade", "motion", "replace", "geometry", "bar", "height", "monitor", "above", "sticky",
        ])
        XCTAssertEqual(Setting.byResourceName["itemBackground"], .itemBg)
        XCTAssertEqual(Setting.byResourceName["pauseOnHover"], .pauseOnHover)
        // Inputs, the display and the instance's name belong to one invocation, not to a theme.
        for setting in [Setting.text, .file, .stdin, .display, .name, .feed, .exec, .clock] {
            XCTAssertNil(setting.declaration.resourceName, setting.name)
        }
    }

    func testEachDeclarationIsNamedLikeItsSettingAndSaysSomething() {
        for setting in Setting.allCases {
            XCTAssertEqual(setting.declaration.name, setting.rawValue)
            XCTAssertFalse(setting.declaration.help.isEmpty, setting.name)
            XCTAssertFalse(setting.name.contains { $0.isUppercase }, "long options are kebab case: \(setting.name)")
        }
    }

    func testPathsAndFeedTablesAreDeclaredForTheConfigFile() {
        let paths = Setting.allCases.filter { $0.declaration.configValue == .path }.map(\.name)
        XCTAssertEqual(paths, ["file", "opml"])
        XCTAssertEqual(Setting.feed.declaration.configValue, .tables(valueKey: "url"))
    }
}
