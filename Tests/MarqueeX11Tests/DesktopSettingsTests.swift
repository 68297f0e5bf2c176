import CX11
import Foundation
import MarqueeCore
import MarqueeFormats
import XCTest
@testable import DisplayTestSupport

/// The desktop's settings followed live, with the real executable under Xvfb: a fake settings
/// manager switches `Xft/DPI` and `Gtk/EnableAnimations`, `xrdb` changes the X resources, and
/// the pixels and the window show the result.
final class DesktopSettingsTests: XvfbTestCase {
    override class var screen: (width: Int, height: Int) { (1000, 300) }

    static let background: (UInt8, UInt8, UInt8) = (0x20, 0x20, 0x20)

    private func launch(_ arguments: [String]) throws -> (TickerProcess, XProbe, Window) {
        try TickerProcess.launchWithWindow(["--geometry", "700+0+0", "--font", "DejaVu Sans:size=14"] + arguments,
                                           display: Self.server.display)
    }

    private func size(_ probe: XProbe, _ window: Window) -> (width: Int, height: Int) {
        var attributes = XWindowAttributes()
        XGetWindowAttributes(probe.display, window, &attributes)
        return (Int(attributes.width), Int(attributes.height))
    }

    private func isStill(_ probe: XProbe, _ window: Window, for seconds: TimeInterval = 0.4) -> Bool {
        probe.isStill(window, for: seconds)
    }

    /// Rows that hold ink in some column: the height of the drawn glyphs.
    private func inkHeight(_ pixels: WindowPixels) -> Int {
        pixels.tallestInkColumn(background: Self.background)
    }

    private func xrdb(_ arguments: [String], input: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/xrdb")
        process.arguments = ["-display", Self.server.display, "-nocpp"] + arguments
        let pipe = Pipe()
        process.standardInput = pipe
        try process.run()
        pipe.fileHandleForWriting.write(Data(input.utf8))
        try pipe.fileHandleForWriting.close()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
    }

    func testDPIFromTheSettingsManagerGrowsTheFontAndTheWindowLive() throws {
        let manager = try FakeSettingsManager(display: Self.server.display,
                                              settings: XSettings(values: ["Xft/DPI": .integer(96 * 1024)]))
        defer { manager.stop() }
        let (ticker, probe, window) = try launch(["--speed", "0", "Hi-DPI text: █ grows"])
        defer { ticker.stop() }
        let small = size(probe, window)
        let smallInk = inkHeight(try XCTUnwrap(probe.capture(window)))
        XCTAssertTrue((20...24).contains(smallInk), "a full block at 14 pt and 96 dpi (18.7 px): \(smallInk) rows")

        manager.set("Xft/DPI", .integer(192 * 1024))
        XCTAssertTrue(waitUntil(timeout: 5) { self.size(probe, window).height >= 2 * small.height - 2 },
                      "the window doubles its height: \(size(probe, window)) from \(small); \(ticker.standardError)")
        XCTAssertEqual(size(probe, window).width, small.width, "the width stays")
        XCTAssertTrue(waitUntil(timeout: 5) { (self.inkHeight(probe.capture(window)!) - 2 * smallInk).magnitude <= 2 },
                      "the glyphs are twice as tall: \(inkHeight(probe.capture(window)!)) against \(smallInk)")

        // The manager goes away: back to 96 dpi (no Xft.dpi resource on this server).
        manager.stop()
        XCTAssertTrue(waitUntil(timeout: 5) { self.size(probe, window).height == small.height })
    }

    func testAnimationsOffStopsTheTextAndOnScrollsItAgain() throws {
        let manager = try FakeSettingsManager(display: Self.server.display,
                                              settings: XSettings(values: ["Gtk/EnableAnimations": .integer(1)]))
        defer { manager.stop() }
        let (ticker, probe, window) = try launch(["--speed", "120", "First message of three", "Second one", "Third"])
        defer { ticker.stop() }
        XCTAssertFalse(isStill(probe, window), "animations on: the text scrolls")

        manager.set("Gtk/EnableAnimations", .integer(0))
        XCTAssertTrue(waitUntil(timeout: 3) { self.isStill(probe, window) }, "animations off: the text stands")
        let page = try XCTUnwrap(probe.capture(window))
        let ink = page.inkProfile(background: Self.background)
        let firstInk = try XCTUnwrap(ink.firstIndex { $0 > 0 })
        XCTAssertLessThan(firstInk, 4, "a page starts at the left edge")
        XCTAssertLessThan(page.longestBlankRun(background: Self.background), page.width,
                          "one message on show")

        manager.set("Gtk/EnableAnimations", .integer(1))
        XCTAssertTrue(waitUntil(timeout: 3) { !self.isStill(probe, window, for: 0.2) }, "animations on again: it scrolls")
        XCTAssertFalse(ticker.standardError.contains("error"), ticker.standardError)
    }

    func testReducedMotionShowsPagesForTheirReadingTimeWithoutSliding() throws {
        let (ticker, probe, window) = try launch(["--motion", "reduced", "One", "Two words"])
        defer { ticker.stop() }
        let first = try XCTUnwrap(probe.capture(window))
        // "One": 2 s + 3 ÷ 15 s = 2.2 s on show, then "Two words" stands whole: one switch, no
        // picture on the way (a slide would show several, each gone within a frame or two).
        let switchTime = try XCTUnwrap(secondsUntil(within: 6) { probe.capture(window) != first }, "the page turns")
        XCTAssertGreaterThan(switchTime, 2.0, "\"One\" stays its reading time")
        let next = try XCTUnwrap(probe.capture(window))
        XCTAssertTrue(holds(for: 1) { probe.capture(window) == next }, "the next page stands at once, no sliding in between")
        let second = next.inkProfile(background: Self.background)
        let firstProfile = first.inkProfile(background: Self.background)
        XCTAssertLessThan(firstProfile.lastIndex { $0 > 0 }!, second.lastIndex { $0 > 0 }!, "\"Two words\" is wider than \"One\"")
    }

    func testATooWideMessageShowsItsStartWithAnEllipsisAndScrollsWhileHovered() throws {
        let long = "This headline is far too long for a window of three hundred pixels and goes on"
        let (ticker, probe, window) = try TickerProcess.launchWithWindow(
            ["--geometry", "300x30+0+100", "--font", "DejaVu Sans:size=14", "--motion", "reduced", long],
            display: Self.server.display)
        defer { ticker.stop() }
        XCTAssertTrue(isStill(probe, window), "standing")
        let page = try XCTUnwrap(probe.capture(window))
        let ink = page.inkProfile(background: Self.background)
        let lastInk = try XCTUnwrap(ink.lastIndex { $0 > 0 })
        XCTAssertGreaterThan(lastInk, 270, "the text reaches the right edge")
        XCTAssertLessThan(lastInk, 300, "but is not cut by it")
        // The ellipsis: three dots at the end, each a few columns of ink with blanks between.
        let tail = ink[(lastInk - 14)...lastInk]
        XCTAssertGreaterThanOrEqual(Self.inkRuns(Array(tail)), 3, "… at the end: \(Array(tail))")

        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/xdotool")
        process.arguments = ["mousemove", "150", "115"]
        process.environment = ["DISPLAY": Self.server.display]
        try process.run()
        process.waitUntilExit()
        XCTAssertTrue(waitUntil(timeout: 2) { !self.isStill(probe, window, for: 0.2) }, "hovered: it scrolls")
        let away = Process()
        away.executableURL = process.executableURL
        away.arguments = ["mousemove", "900", "280"]
        away.environment = process.environment
        try away.run()
        away.waitUntilExit()
        XCTAssertTrue(waitUntil(timeout: 2) { self.isStill(probe, window) }, "left: it stands again")
    }

    func testXrdbMergeChangesTheColoursLiveUnderTheCommandLine() throws {
        try xrdb(["-load"], input: "xmarquee.background: #000080\n")
        defer { try? xrdb(["-remove"], input: "") }
        let (ticker, probe, window) = try launch(["--speed", "0", "--fg", "#ffff00", "Resources"])
        defer { ticker.stop() }
        var pixels = try XCTUnwrap(probe.capture(window))
        XCTAssertTrue(pixels.pixel(pixels.width - 2, 1) == (0, 0, 0x80), "the background from the resources")

        try xrdb(["-merge"], input: "xmarquee.background: #004000\nXmarquee.foreground: #ff0000\n")
        XCTAssertTrue(waitUntil(timeout: 3) {
            pixels = probe.capture(window)!
            return pixels.pixel(pixels.width - 2, 1) == (0, 0x40, 0)
        }, "a merge changes it live")
        let hasYellow = (0..<pixels.width).contains { x in (0..<pixels.height).contains { pixels.pixel(x, $0) == (0xFF, 0xFF, 0) } }
        XCTAssertTrue(hasYellow, "--fg on the command line wins over Xmarquee.foreground")
    }

    private static func inkRuns(_ profile: [Int]) -> Int {
        var runs = 0, inside = false
        for ink in profile {
            if ink > 0 && !inside { runs += 1 }
            inside = ink > 0
        }
        return runs
    }
}
