import Foundation
import Glibc
import XCTest
@testable import DisplayTestSupport

/// The bar's menu on every backend: a right-click opens it below the bar (its words read by
/// OCR), each item does what it says, Escape closes it, a screen reader sees it. Black on white,
/// so the menu is a white box on the desktop below the bar.
final class MenuParityTests: MenuParityTestCase {
    func testARightClickOpensTheMenuAndEscapeClosesItOnX11() throws { try rightClickOpensAndEscapeCloses(on: .x11) }
    func testARightClickOpensTheMenuAndEscapeClosesItOnWayland() throws { try rightClickOpensAndEscapeCloses(on: .wayland) }
    func testQuitEndsWithStatus0OnX11() throws { try quitEndsWithStatus0(on: .x11) }
    func testQuitEndsWithStatus0OnWayland() throws { try quitEndsWithStatus0(on: .wayland) }
    func testPauseStopsTheTextOnX11() throws { try pauseStopsTheText(on: .x11) }
    func testPauseStopsTheTextOnWayland() throws { try pauseStopsTheText(on: .wayland) }
    func testEditSettingsOpensANewConfigFromTheSampleOnX11() throws { try editSettingsOpensTheConfig(on: .x11) }
    func testEditSettingsOpensANewConfigFromTheSampleOnWayland() throws { try editSettingsOpensTheConfig(on: .wayland) }
    func testAScreenReaderSeesTheMenuOnX11() throws { try screenReaderSeesTheMenu(on: .x11) }
    func testAScreenReaderSeesTheMenuOnWayland() throws { try screenReaderSeesTheMenu(on: .wayland) }
    func testTheKeysChooseOnX11() throws { try keysChoose(on: .x11) }
    func testTheKeysChooseOnWayland() throws { try keysChoose(on: .wayland) }
    func testTheMenuKeyAndShiftF10OpenItOnX11() throws { try menuKeysOpenIt(on: .x11) }
    func testTheMenuKeyAndShiftF10OpenItOnWayland() throws { try menuKeysOpenIt(on: .wayland) }
    func testOverABottomBarItOpensAboveOnX11() throws { try opensAboveABottomBar(on: .x11) }
    func testOverABottomBarItOpensAboveOnWayland() throws { try opensAboveABottomBar(on: .wayland) }
    func testAboutSaysWhatItIsOnTheBarOnX11() throws { try aboutSaysWhatItIs(on: .x11) }
    func testAboutSaysWhatItIsOnTheBarOnWayland() throws { try aboutSaysWhatItIs(on: .wayland) }
    func testHoveringEndsWhenTheMenuClosesAwayFromTheBarOnX11() throws { try hoverEndsAfterTheMenu(on: .x11) }
    func testHoveringEndsWhenTheMenuClosesAwayFromTheBarOnWayland() throws { try hoverEndsAfterTheMenu(on: .wayland) }
    func testReloadRereadsTheConfigOnX11() throws { try reloadRereadsTheConfig(on: .x11) }
    func testReloadRereadsTheConfigOnWayland() throws { try reloadRereadsTheConfig(on: .wayland) }
    func testOpenThisLinkOpensTheLinkUnderThePointerOnX11() throws { try opensTheLinkUnderThePointer(on: .x11) }
    func testOpenThisLinkOpensTheLinkUnderThePointerOnWayland() throws { try opensTheLinkUnderThePointer(on: .wayland) }
    func testNoMenuLeavesRightClicksAloneOnX11() throws { try noMenuLeavesRightClicksAlone(on: .x11) }
    func testNoMenuLeavesRightClicksAloneOnWayland() throws { try noMenuLeavesRightClicksAlone(on: .wayland) }

    private func rightClickOpensAndEscapeCloses(on backend: Backend) throws {
        try withMenuBar(on: backend) { display, user, run, _ in
            let menu = try openMenu(display, user, backend)
            // The pointer over "Next message" lights its row: the text's colour from edge to edge.
            let over = menu.itemCentre(3)
            try user.move(x: over.x, y: over.y)
            XCTAssertTrue(waitFor(seconds: 3) {
                (try? display.screenshot()).map { Pixel($0.pixel(x: menu.x + 10, y: over.y)) == Pixel(0, 0, 0) } ?? false
            }, "\(backend): the row under the pointer is lit")
            if let path = ProcessInfo.processInfo.environment["XMARQUEE_MENU_SHOT"] {
                // A look at it (the README's picture is made this way on X11).
                let shot = try display.screenshot()
                FileManager.default.createFile(atPath: path + "-\(backend).ppm", contents: shot.ppm(x: 0, y: 0, width: 700, height: 400))
            }
            XCTAssertGreaterThanOrEqual(menu.y, 40, "\(backend): below the bar, never over it")
            XCTAssertEqual(menu.x, 300, accuracy: 2, "\(backend): at the pointer's column")
            try user.key("Escape")
            XCTAssertTrue(menuIsGone(display), "\(backend): Escape closes it")
            XCTAssertTrue(barMoves(display), "\(backend): the text goes on")
            XCTAssertTrue(run.process.isRunning)
        }
    }

    private func quitEndsWithStatus0(on backend: Backend) throws {
        try withMenuBar(on: backend) { display, user, run, _ in
            try choose("Quit", in: try openMenu(display, user, backend), user)
            let end = try XCTUnwrap(run.finish(within: 5), "\(backend): Quit ends the ticker")
            XCTAssertEqual(end.status, 0, "\(backend): \(end.errors)")
        }
    }

    private func pauseStopsTheText(on backend: Backend) throws {
        try withMenuBar(on: backend) { display, user, _, name in
            try choose("Pause", in: try openMenu(display, user, backend), user)
            XCTAssertTrue(menuIsGone(display), "\(backend): choosing closes the menu")
            // The pause eases to a stop; from then on the pixels stand.
            XCTAssertTrue(waitFor(seconds: 3) { !barMoves(display) }, "\(backend): the text stops")
            let still = try display.screenshot().band(0..<40)
            XCTAssertTrue(holds(for: 1) { (try? display.screenshot().band(0..<40)) == still }, "\(backend): and stays")
            XCTAssertEqual(XMarqueeRun.status(name)?["paused"] as? Bool, true)
        }
    }

    private func editSettingsOpensTheConfig(on backend: Backend) throws {
        let (path, record) = try stubXdgOpen()
        let home = try temporaryFolder()
        try withMenuBar(on: backend, environment: ["PATH": path, "XDG_CONFIG_HOME": home]) { display, user, run, _ in
            try choose("Edit settings", in: try openMenu(display, user, backend), user)
            let config = home + "/xmarquee/config"
            XCTAssertTrue(waitFor(seconds: 5) { (try? String(contentsOfFile: record, encoding: .utf8)) == config + "\n" },
                          "\(backend): xdg-open got the config's path alone: \((try? String(contentsOfFile: record, encoding: .utf8)) ?? "nothing")")
            let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            let sample = try String(contentsOfFile: root.path + "/assets/config.sample", encoding: .utf8)
            XCTAssertEqual(try? String(contentsOfFile: config, encoding: .utf8), sample, "\(backend): made from the commented sample")
            XCTAssertTrue(run.process.isRunning)
        }
    }

    private func screenReaderSeesTheMenu(on backend: Backend) throws {
        try XCTSkipUnless(AccessibilityBusLauncher.isInstalled, "at-spi2-core is not installed")
        let bus = try PrivateSessionBus()
        let launcher = try AccessibilityBusLauncher(bus: bus)
        defer { launcher.stop() }
        try withMenuBar(on: backend, environment: bus.environment) { display, user, _, _ in
            XCTAssertTrue(ScreenReaderProbe.tree(bus: bus).contains("marquee=True"), "\(backend): the ticker is on the bus")
            _ = try openMenu(display, user, backend)
            let menu = ScreenReaderProbe.menu(bus: bus)
            XCTAssertEqual(menu.split(separator: "\n").map(String.init),
                           ["menu menu 8"] + Self.labels.map { "item menu item|\($0)|menu" }, "\(backend)")
            // Walking the menu with the arrows, the reader hears each item take the focus.
            let listener = try AnnouncementListener(bus: bus)
            defer { listener.stop() }
            try user.key("Down")
            try user.key("Down")
            XCTAssertTrue(waitFor(seconds: 5) {
                listener.heard.contains("focused 'Pause' menu item 1") && listener.heard.contains("focused 'Pause' menu item 0")
                    && listener.heard.contains("focused 'Faster' menu item 1")
            }, "\(backend): \(listener.heard)")
            try user.key("Escape")
            XCTAssertTrue(waitFor(seconds: 5) { !ScreenReaderProbe.tree(bus: bus).contains("role=menu ") }, "\(backend): gone once closed")
        }
    }

    /// Up from nothing lights the last item (Quit), Enter chooses it.
    private func keysChoose(on backend: Backend) throws {
        try withMenuBar(on: backend) { display, user, run, _ in
            _ = try openMenu(display, user, backend)
            try user.key("Up")
            try user.key("Return")
            let end = try XCTUnwrap(run.finish(within: 5), "\(backend): Up, Enter chose Quit")
            XCTAssertEqual(end.status, 0, "\(backend): \(end.errors)")
        }
    }

    /// With the keyboard focus, the Menu key opens the menu, and Shift+F10 does too.
    private func menuKeysOpenIt(on backend: Backend) throws {
        try withMenuBar(on: backend) { display, user, _, _ in
            try user.focusTicker(clickingAt: 300, 20)
            for key in ["Menu", "shift+F10"] {
                try user.key(key)
                _ = try shownMenu(display, backend)
                try user.key("Escape")
                XCTAssertTrue(menuIsGone(display), "\(backend): Escape closes the menu \(key) opened")
            }
        }
    }

    /// A bar at the bottom edge: the menu opens above it, its lower edge at the bar's top.
    private func opensAboveABottomBar(on backend: Backend) throws {
        try withMenuBar(on: backend, edge: "bottom") { display, user, _, _ in
            let height = try display.screenshot().height
            try user.click(button: 3, x: 300, y: height - 20)
            let menu = try shownMenu(display, backend, barAtBottom: true)
            // The white box is inside the menu's border (the text's colour): its lower edge a
            // pixel or two above the menu's.
            XCTAssertLessThanOrEqual(menu.y + menu.height, height - 40, "\(backend): never over the bar")
            XCTAssertGreaterThanOrEqual(menu.y + menu.height, height - 40 - 3, "\(backend): right above it")
            XCTAssertEqual(menu.x, 300, accuracy: 2, "\(backend): at the pointer's column")
        }
    }

    /// About puts the program's name and what it is on the bar itself (read by OCR as it passes).
    private func aboutSaysWhatItIs(on backend: Backend) throws {
        try withMenuBar(on: backend, ["--speed", "300"]) { display, user, _, _ in
            try choose("About", in: try openMenu(display, user, backend), user)
            var read: [String] = []
            XCTAssertTrue(waitFor(seconds: 15) {
                read = (try? TextRecognizer.words(in: display.screenshot(), x: 0, y: 0, width: 1280, height: 40)) ?? []
                return read.contains("smooth") && read.contains("ticker")
            }, "\(backend): the bar says what xmarquee is: \(read)")
        }
    }

    /// `--pause-on-hover`: the right-click's hover pauses; an item chosen below the bar leaves the
    /// pointer off it, and the text moves again (the menu's grab hid that crossing on X11).
    private func hoverEndsAfterTheMenu(on backend: Backend) throws {
        try withMenuBar(on: backend, ["--pause-on-hover"]) { display, user, _, name in
            let menu = try openMenu(display, user, backend)
            XCTAssertTrue(waitFor(seconds: 3) { XMarqueeRun.status(name)?["paused"] as? Bool == true }, "\(backend): hovering pauses")
            try choose("Next message", in: menu, user)
            XCTAssertTrue(menuIsGone(display))
            XCTAssertTrue(waitFor(seconds: 3) { XMarqueeRun.status(name)?["paused"] as? Bool == false },
                          "\(backend): off the bar, moving again: \(String(describing: XMarqueeRun.status(name)))")
        }
    }

    /// Reload reads the config file again: a change written where the ticker's watch cannot see
    /// it (through a second name in another folder) shows only once Reload is chosen.
    private func reloadRereadsTheConfig(on backend: Backend) throws {
        let config = try temporaryFolder() + "/config.toml"
        try "bg = \"#ffffff\"\n".write(toFile: config, atomically: true, encoding: .utf8)
        let elsewhere = try temporaryFolder() + "/same-file.toml"
        XCTAssertEqual(link(config, elsewhere), 0)
        let arguments = ["--config", config] + look.filter { $0 != "--bg" && $0 != "#ffffff" }
        try withBar(on: backend, arguments, text: "Reload from the menu", windowManager: true) { display, run, name in
            XCTAssertNotNil(waitForStatus(name))
            let user = try display.user()
            defer { user.close() }
            func background() -> Pixel? { (try? display.screenshot()).map { Pixel($0.pixel(x: 3, y: 1)) } }
            XCTAssertTrue(waitFor(seconds: 5) { background() == white }, "\(backend): white from the config")
            guard let file = fopen(elsewhere, "w") else { throw HarnessError("cannot write \(elsewhere)") }
            fputs("bg = \"#ff0000\"\n", file)
            fclose(file)
            XCTAssertTrue(holds(for: 0.7) { background() == white }, "\(backend): nothing reloads by itself")
            try choose("Reload", in: try openMenu(display, user, backend), user)
            XCTAssertTrue(waitFor(seconds: 5) { background() == Pixel(0xFF, 0, 0) }, "\(backend): red once reloaded")
            XCTAssertTrue(run.process.isRunning)
        }
    }

    /// Over a linked message the menu has a ninth item, Open this link, which hands the link
    /// (and only it) to xdg-open; over plain words it has not.
    private func opensTheLinkUnderThePointer(on backend: Backend) throws {
        let (path, record) = try stubXdgOpen()
        let text = "%{A:https://example.org/menu:}Linked headline%{A} and plain words after it"
        try withBar(on: backend, look + ["--speed", "0", "--mode", "overflow"], text: text, windowManager: true,
                    environment: ["PATH": path]) { display, run, name in
            XCTAssertNotNil(waitForStatus(name))
            let user = try display.user()
            defer { user.close() }
            try user.click(button: 3, x: 40, y: 20)
            let labels = Array(Self.labels[..<4]) + ["Open this link"] + Self.labels[4...]
            let expected = labels.flatMap { $0.lowercased().split(separator: " ").map(String.init) }
            var menu: MenuOnScreen?
            XCTAssertTrue(waitFor(seconds: 10) {
                menu = (try? display.screenshot()).flatMap { MenuOnScreen(in: $0, background: white, itemCount: labels.count) }
                return menu?.words == expected
            }, "\(backend): \(menu?.words ?? [])")
            let item = try XCTUnwrap(menu).itemCentre(4)
            try user.click(button: 1, x: item.x, y: item.y)
            XCTAssertTrue(waitFor(seconds: 5) { (try? String(contentsOfFile: record, encoding: .utf8)) == "https://example.org/menu\n" },
                          "\(backend): xdg-open got the link: \((try? String(contentsOfFile: record, encoding: .utf8)) ?? "nothing")")
            XCTAssertTrue(run.process.isRunning)
        }
    }

    /// `--no-menu`: a right-click opens nothing, and the text goes on.
    private func noMenuLeavesRightClicksAlone(on backend: Backend) throws {
        try withMenuBar(on: backend, ["--no-menu"]) { display, user, run, _ in
            try user.click(button: 3, x: 300, y: 20)
            XCTAssertTrue(holds(for: 1) { (try? display.screenshot()).map { MenuOnScreen(in: $0, background: white, itemCount: 8) == nil } ?? false },
                          "\(backend): no menu")
            XCTAssertTrue(barMoves(display))
            XCTAssertTrue(run.process.isRunning)
        }
    }
}
