import MarqueeCore
import MarqueeFormats
import TickerDriver
import XCTest

/// The bar's menu: the driver builds it from the player's state, the display only shows it and
/// says the choice; each item does what it says.
final class MenuTests: XCTestCase {
    private let linked = [Message("Plain words here"), Message.data("Linked headline here", link: "https://example.org/story")]

    private func open(_ rig: DriverRig, x: Int = 30) throws -> MenuModel {
        rig.say(.menuRequested(MenuAnchor(x: x, y: 10)))
        return try XCTUnwrap(rig.backend.openMenu, "a right-click opens the menu")
    }

    func testARightClickOpensTheMenuWithEveryItemInOrder() throws {
        let rig = try DriverRig(speed: 120)
        let menu = try open(rig)
        XCTAssertEqual(menu.labels, ["Pause", "Faster", "Slower", "Next message", "Reload", "Edit settings", "About", "Quit"])
        XCTAssertEqual(rig.backend.openedMenus.first?.anchor, MenuAnchor(x: 30, y: 10))
        XCTAssertEqual(rig.ticker.menu.shown, menu)
        XCTAssertEqual(rig.backend.reentrantCalls, [])
    }

    func testOverALinkedMessageTheMenuOffersItsLink() throws {
        let rig = try DriverRig(linked, speed: 0, width: 600)
        XCTAssertFalse(try open(rig, x: 30).labels.contains("Open this link"), "no link under plain words")
        rig.backend.dismissMenu()
        rig.turn()
        let menu = try open(rig, x: 220)
        XCTAssertEqual(menu.items[4].action, .openLink("https://example.org/story"))
        rig.backend.choose("Open this link")
        rig.turn()
        XCTAssertEqual(rig.openedLinks, ["https://example.org/story"])
    }

    func testPauseThenResumeFromTheMenu() throws {
        let rig = try DriverRig(speed: 120)
        _ = try open(rig)
        rig.backend.choose("Pause")
        rig.turn()
        XCTAssertTrue(rig.ticker.isPaused)
        XCTAssertNil(rig.ticker.menu.shown)
        XCTAssertEqual(try open(rig).labels.first, "Resume", "a paused ticker offers to resume")
        rig.backend.choose("Resume")
        rig.turn()
        XCTAssertFalse(rig.ticker.isPaused)
    }

    func testFasterAndSlowerStepTheSpeed() throws {
        let rig = try DriverRig(speed: 120)
        rig.runFrames(3)
        let start = rig.ticker.player.motion.speed
        _ = try open(rig)
        rig.backend.choose("Faster")
        rig.turn()
        XCTAssertGreaterThan(rig.ticker.player.motion.speed, start)
        _ = try open(rig)
        rig.backend.choose("Slower")
        rig.turn()
        XCTAssertEqual(rig.ticker.player.motion.speed, start, accuracy: 0.001)
    }

    func testQuitEndsTheProgramWithSuccess() throws {
        let rig = try DriverRig(speed: 120)
        _ = try open(rig)
        rig.backend.choose("Quit")
        rig.turn()
        XCTAssertEqual(rig.exitStatus, ExitStatus.success.rawValue)
    }

    func testTheAppsItemsGoToTheApp() throws {
        let rig = try DriverRig(speed: 120)
        var asked: [MenuAction] = []
        rig.ticker.menu.onAppAction = { asked.append($0) }
        for label in ["Reload", "Edit settings", "About"] {
            _ = try open(rig)
            rig.backend.choose(label)
            rig.turn()
        }
        XCTAssertEqual(asked, [.reload, .editSettings, .about])
        XCTAssertTrue(rig.loop.isRunning)
    }

    func testDismissingChangesNothingAndTheReaderTreeFollows() throws {
        let rig = try DriverRig(speed: 120)
        var seen: [[String]?] = []
        rig.ticker.menu.onChange = { seen.append($0?.labels) }
        _ = try open(rig)
        rig.backend.dismissMenu()
        rig.turn()
        XCTAssertFalse(rig.ticker.isPaused)
        XCTAssertEqual(seen.count, 2)
        XCTAssertEqual(seen.first??.last, "Quit")
        XCTAssertNil(seen.last!)
    }

    func testNoMenuTurnsItOffAndClosesAnOpenOne() throws {
        let rig = try DriverRig(speed: 120)
        _ = try open(rig)
        rig.ticker.setMenuEnabled(false)
        XCTAssertNil(rig.backend.openMenu)
        XCTAssertNil(rig.ticker.menu.shown)
        rig.say(.menuRequested(MenuAnchor(x: 30, y: 10, byKeyboard: true)))
        XCTAssertNil(rig.backend.openMenu)
        XCTAssertEqual(rig.backend.openedMenus.count, 1)
    }

    func testAMenuThatCannotOpenIsNotShown() throws {
        let rig = try DriverRig(speed: 120)
        rig.backend.acceptsMenu = false
        rig.say(.menuRequested(MenuAnchor(x: 30, y: 10)))
        XCTAssertNil(rig.ticker.menu.shown)
    }
}

extension MenuTests {
    func testTheLitItemIsPassedOnAndForgottenWhenTheMenuCloses() throws {
        let rig = try DriverRig(speed: 120)
        var lit: [Int?] = []
        rig.ticker.menu.onHighlight = { lit.append($0) }
        rig.say(.menuRequested(MenuAnchor(x: 30, y: 10)))
        rig.say(.menuHighlighted(2))
        rig.say(.menuHighlighted(3))
        XCTAssertEqual(rig.ticker.menu.highlighted, 3)
        rig.backend.dismissMenu()
        rig.turn()
        XCTAssertEqual(lit, [2, 3, nil])
    }
}
