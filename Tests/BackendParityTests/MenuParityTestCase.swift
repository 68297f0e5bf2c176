import Foundation
import Glibc
import XCTest
@testable import DisplayTestSupport

/// What the menu's parity tests share: a black-on-white bar under a window manager with a
/// person's hands on it, the menu found on screen and its items clicked, and a stub xdg-open.
class MenuParityTestCase: ParityTestCase {
    static let labels = ["Pause", "Faster", "Slower", "Next message", "Reload", "Edit settings", "About", "Quit"]
    let white = Pixel(0xFF, 0xFF, 0xFF)
    let look = ["--fg", "#000000", "--bg", "#ffffff", "--font", "DejaVu Sans:size=16", "--speed", "80"]

    /// A bar under a window manager (openbox on X11), black on white, with the user at hand.
    func withMenuBar(on backend: Backend, _ arguments: [String] = [], edge: String = "top", environment: [String: String] = [:],
                     _ body: (DisplayUnderTest, BarUser, XMarqueeRun, String) throws -> Void) throws {
        try withBar(on: backend, look + arguments, edge: edge, text: "Menus for people who never open a terminal",
                    windowManager: true, environment: environment) { display, run, name in
            XCTAssertNotNil(waitForStatus(name), "\(backend): running")
            let user = try display.user()
            defer { user.close() }
            try body(display, user, run, name)
        }
    }

    /// Right-clicks the bar at x 300 and returns the menu once its words read as every item's.
    func openMenu(_ display: DisplayUnderTest, _ user: BarUser, _ backend: Backend) throws -> MenuOnScreen {
        try user.click(button: 3, x: 300, y: 20)
        return try shownMenu(display, backend)
    }

    /// The menu once its words read as every item's (within 10 s).
    func shownMenu(_ display: DisplayUnderTest, _ backend: Backend, barAtBottom: Bool = false) throws -> MenuOnScreen {
        var menu: MenuOnScreen?
        let expected = Self.labels.flatMap { $0.lowercased().split(separator: " ").map(String.init) }
        let read = waitFor(seconds: 10) {
            menu = (try? display.screenshot()).flatMap {
                MenuOnScreen(in: $0, background: white, itemCount: Self.labels.count, barAtBottom: barAtBottom)
            }
            return menu?.words == expected
        }
        XCTAssertTrue(read, "\(backend): the menu's words by OCR: \(menu?.words ?? [])")
        return try XCTUnwrap(menu, "\(backend): a menu below the bar")
    }

    func choose(_ label: String, in menu: MenuOnScreen, _ user: BarUser) throws {
        let centre = menu.itemCentre(try XCTUnwrap(Self.labels.firstIndex(of: label)))
        try user.click(button: 1, x: centre.x, y: centre.y)
    }

    func menuIsGone(_ display: DisplayUnderTest) -> Bool {
        waitFor(seconds: 5) {
            (try? display.screenshot()).map { MenuOnScreen(in: $0, background: white, itemCount: 8) == nil } ?? false
        }
    }

    /// Whether the bar's band changes within 0.5 s (the text moves).
    func barMoves(_ display: DisplayUnderTest) -> Bool {
        guard let first = try? display.screenshot() else { return false }
        return waitFor(seconds: 0.5) { (try? display.screenshot()).map { $0.band(0..<40) != first.band(0..<40) } ?? false }
    }

    /// A stub `xdg-open` first on PATH, which writes its arguments, one a line, to `record`.
    func stubXdgOpen() throws -> (path: String, record: String) {
        let stub = try temporaryFolder()
        let record = stub + "/argv"
        try "#!/bin/sh\nprintf '%s\\n' \"$@\" > \(record)\n".write(toFile: stub + "/xdg-open", atomically: true, encoding: .utf8)
        chmod(stub + "/xdg-open", 0o755)
        return (stub + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"), record)
    }
}
